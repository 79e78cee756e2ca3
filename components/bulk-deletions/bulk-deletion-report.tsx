"use client";

import Link from "next/link";
import { BulkReport, type BulkReportColumn } from "@/components/bulk/bulk-report.tsx";
import { Counts } from "@/components/ui/counts.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import type { BulkDeletion, BulkDeletionItem } from "@/lib/queries/types.ts";
import { useBulkDeletion } from "@/lib/queries/use-bulk-deletions.ts";
import { BULK_OUTCOME_LABEL, describeFilter } from "./bulk-labels.ts";

const isLeft = (item: BulkDeletionItem) => item.outcome === "changed" || item.outcome === "left";

/** One bulk delete report: who and when, the filter, counts, and every memory or store it saw; downloadable as JSON and CSV. */
export function BulkDeletionReport({ id }: { id: string }) {
  return (
    <BulkReport
      query={useBulkDeletion(id)}
      noun="bulk delete"
      content={(b) => {
        const items = b.items ?? [];
        const left = items.filter(isLeft).length;
        return {
          downloadPath: operationUrl("retrieveBulkDeletion", { params: { bulk_deletion: b.id } }),
          executed: "deleted",
          summary: (
            <>
              Filter: {describeFilter(b)} · digest <span className="font-mono text-xs">{b.digest.slice(0, 16)}…</span>
            </>
          ),
          counts: (
            <Counts
              label="Counts"
              counts={[
                {
                  label: "Matched at the dry run",
                  value: `${b.counts.before} ${b.target}${b.target === "stores" ? ` (${b.counts.memories_before} memories)` : ""}`,
                },
                { label: "Deleted", value: b.status === "completed" ? items.filter((i) => i.outcome === "deleted").length : null },
                { label: "Matching afterwards", value: b.counts.after === null ? null : `${b.counts.after} ${b.target}` },
              ]}
            />
          ),
          left: {
            count: left,
            title: "Changed or added after the dry run",
            text: `${left} item(s) changed or matched after the dry run and were left as they are. Run a new dry run to delete them.`,
          },
          columns: columns(b),
          itemKey: (item) => item.id,
        };
      }}
    />
  );
}

function columns(b: BulkDeletion): BulkReportColumn<BulkDeletionItem>[] {
  return [
    {
      label: b.target === "memories" ? "Memory" : "Store",
      className: () => "font-mono text-xs",
      // A store still there is a link to it.
      cell: (item) =>
        item.outcome === "deleted" || b.target === "memories" ? (
          item.label
        ) : (
          <Link prefetch={false} href={`/stores/${item.memory_store_id}`} className="text-indigo-700 hover:underline">
            {item.label}
          </Link>
        ),
    },
    { label: "Id", cell: (item) => item.id, className: () => "font-mono text-xs text-slate-600" },
    { label: "What happened", cell: (item) => BULK_OUTCOME_LABEL[item.outcome], className: (item) => (isLeft(item) ? "text-amber-800" : "text-slate-800") },
  ];
}
