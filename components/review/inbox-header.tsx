"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge.tsx";
import { useReviewCounts } from "@/lib/queries/use-reviews.ts";
import { useStore } from "@/lib/queries/use-stores.ts";
import { ReviewSettingControl } from "./review-setting.tsx";

/** The inbox's title: all stores, or one store with a way back to it and its review setting. */
export function InboxHeader({ storeId }: { storeId?: string }) {
  const counts = useReviewCounts();
  const total = storeId ? (counts.data?.stores[storeId] ?? 0) : (counts.data?.total ?? null);
  return (
    <div>
      <h1 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xl font-semibold break-words text-slate-900">
        Review inbox{storeId && <StoreName storeId={storeId} />}
        {total !== null && (
          <Badge tone={total ? "amber" : "green"} title="Changes awaiting review">
            <span data-testid="inbox-total">{total.toLocaleString()}</span>&nbsp;awaiting
          </Badge>
        )}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Changes that agents made and no reviewer has settled yet, newest first. Approve keeps a change; revert writes back what was last reviewed.{" "}
        <Link className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700" href="/review/batches">
          Bulk actions done, and their undo
        </Link>
      </p>
      {storeId && (
        <div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
          <Link prefetch={false} className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700" href={`/stores/${storeId}`}>
            Back to the store
          </Link>
          <Link className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700" href="/review">
            All stores&apos; inbox
          </Link>
          <ReviewSettingControl storeId={storeId} />
        </div>
      )}
    </div>
  );
}

function StoreName({ storeId }: { storeId: string }) {
  const store = useStore(storeId);
  return <span className="font-normal text-slate-500">· {store.data?.name ?? storeId}</span>;
}
