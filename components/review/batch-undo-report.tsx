"use client";

import { ExposedSessions } from "@/components/time-travel/exposed-sessions.tsx";
import Link from "next/link";
import { BulkReport } from "@/components/bulk/bulk-report.tsx";
import { AwaitingReviewBadge } from "@/components/time-travel/awaiting-review.tsx";
import { PutBackCounts } from "@/components/time-travel/put-back-counts.tsx";
import { ACTION_LABEL, ACTION_TONE, itemPath, leftOver, OUTCOME_LABEL } from "@/components/time-travel/put-back-labels.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { ActorText } from "@/components/versions/actor-text.tsx";
import { VersionLink } from "@/components/versions/version-link.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import { useBatchUndo, type BatchUndo, type BatchUndoItem } from "@/lib/queries/use-review-batches.ts";

/** One batch undo's report: the batch it undid, counts, and every memory with what happened to it; JSON and CSV. */
export function BatchUndoReport({ id }: { id: string }) {
  const query = useBatchUndo(id);
  return (
    <BulkReport
      query={{ ...query, isLoading: query.isPending }}
      noun="batch undo"
      content={(plan: BatchUndo) => ({
        downloadPath: operationUrl("retrieveBatchUndo", { params: { undo: plan.id } }),
        executed: "undone",
        summary: (
          <>
            The {plan.batch_action === "approved" ? "bulk approve" : "bulk revert"} <span className="font-mono">{plan.batch_id}</span> undone ·{" "}
            <Link href="/review/batches" className="text-indigo-700 underline">
              all batches
            </Link>
          </>
        ),
        counts: <PutBackCounts plan={plan} />,
        notice: <ExposedSessions sessions={plan.exposed_sessions} done={plan.status === "completed"} />,
        left: {
          count: leftOver(plan.items ?? []),
          title: "Changed after the dry run",
          text: "Some memories changed after the dry run, or found their path taken, and were left as they are. A new dry run includes them.",
        },
        columns,
        itemKey: (item) => item.memory_id,
      })}
    />
  );
}

const columns = [
  { label: "Memory", cell: (item: BatchUndoItem) => itemPath(item), className: () => "break-all font-mono text-xs" },
  { label: "Action", cell: (item: BatchUndoItem) => <Badge tone={ACTION_TONE[item.action]}>{ACTION_LABEL[item.action]}</Badge> },
  {
    label: "What happened",
    cell: (item: BatchUndoItem) => (
      <>
        {OUTCOME_LABEL[item.outcome]}
        {item.reason && (
          <>
            {" "}
            — <ActorText text={item.reason} />
          </>
        )}{" "}
        <AwaitingReviewBadge item={item} />
      </>
    ),
    className: (item: BatchUndoItem) =>
      item.outcome === "late" || item.outcome === "blocked" || item.action === "conflict" ? "text-amber-800" : "text-slate-700",
  },
  {
    label: "New version",
    cell: (item: BatchUndoItem) =>
      item.new_version_id ? <VersionLink storeId={item.memory_store_id} versionId={item.new_version_id} className="text-xs" /> : "—",
  },
];
