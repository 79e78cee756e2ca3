"use client";

import { ReviewAuthors } from "./review-authors.tsx";
import Link from "next/link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { formatVersionTime } from "@/components/versions/version-format.ts";
import type { ReviewDetail, ReviewItem } from "@/lib/queries/review-types.ts";
import { ChangeBadge } from "./change-badge.tsx";
import { FindingsList } from "./findings.tsx";
import { CombinedDiff } from "./combined-diff.tsx";

export type ReviewPreviewProps = {
  item: ReviewItem;
  detail: { data?: ReviewDetail; error: Error | null; isLoading: boolean };
  /** The item's actions, shown above the diff. */
  actions: ReactNode;
};

/** The item at the cursor: who changed what and when, its actions, and the combined diff. */
export function ReviewPreview({ item, detail, actions }: ReviewPreviewProps) {
  const shown = detail.data?.item ?? item;
  const moved = detail.data && detail.data.item.head_version_id !== item.head_version_id;
  return (
    <Card className="p-4">
      <section aria-label="Change under review" data-testid="review-preview" data-memory-id={item.memory_id} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex min-w-0 items-start gap-2 sm:items-center">
              <ChangeBadge change={shown.change} />
              <span className="min-w-0 break-all font-mono text-base font-semibold text-slate-900 sm:truncate sm:break-normal" title={shown.path}>
                {shown.path}
              </span>
            </h2>
            <p className="mt-1 text-xs text-slate-500">
              <Link className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700" href={`/stores/${shown.store_id}`}>
                {shown.store_name ?? shown.store_id}
              </Link>{" "}
              · <ReviewAuthors item={shown} long /> · <time dateTime={shown.updated_at}>{formatVersionTime(shown.updated_at)}</time> · {shown.version_count}{" "}
              {shown.version_count === 1 ? "version" : "versions"} awaiting review since {formatVersionTime(shown.first_pending_at)}
            </p>
            <p className="mt-1 flex gap-3 text-xs">
              {shown.change !== "deleted" && (
                <Link
                  prefetch={false}
                  className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700"
                  href={`/stores/${shown.store_id}/memories/${shown.memory_id}`}
                >
                  Open the memory
                </Link>
              )}
              <Link
                prefetch={false}
                className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700"
                href={`/stores/${shown.store_id}/versions?memory_id=${shown.memory_id}`}
              >
                Its history
              </Link>
            </p>
          </div>
          {/* This one change's actions (the bulk ones are above the list, in their own box). */}
          <div role="group" aria-label="This change" className="flex max-w-full flex-wrap gap-1.5">
            {actions}
          </div>
        </div>
        <FindingsList findings={shown.findings} />
        {moved && (
          <Alert tone="info">An agent wrote to this memory again since the list loaded: the diff below includes that change, and so do the actions.</Alert>
        )}
        {detail.isLoading ? (
          <Spinner label="Loading the change…" />
        ) : detail.error || !detail.data ? (
          <Alert title="Could not load this change">{detail.error?.message ?? "It may have been settled meanwhile."}</Alert>
        ) : (
          <CombinedDiff detail={detail.data} />
        )}
      </section>
    </Card>
  );
}
