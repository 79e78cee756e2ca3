"use client";

import Link from "next/link";
import { BulkReport, type BulkReportColumn } from "@/components/bulk/bulk-report.tsx";
import { Counts } from "@/components/ui/counts.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import type { StoreBatchItem } from "@/lib/queries/types.ts";
import { useStoreBatch } from "@/lib/queries/use-store-batches.ts";
import { BATCH_OUTCOME_LABEL } from "./batch-labels.ts";
import { MetadataPairs } from "./metadata-pairs.tsx";

/** A link to a store; within a sentence it is underlined, so that it is told from the text by more than its colour. */
const storeLink = (id: string | null, text: string, inText = false) =>
  id ? (
    <Link prefetch={false} href={`/stores/${id}`} className={inText ? "text-indigo-700 underline" : "text-indigo-700 hover:underline"}>
      {text}
    </Link>
  ) : (
    text
  );

const COLUMNS: BulkReportColumn<StoreBatchItem>[] = [
  { label: "Row", cell: (item) => item.row, className: () => "tabular-nums text-slate-500" },
  { label: "Name", cell: (item) => storeLink(item.outcome === "created" ? item.memory_store_id : null, item.name || "(none)"), className: () => "break-words" },
  { label: "Metadata", cell: (item) => <MetadataPairs metadata={item.metadata} /> },
  {
    label: "What happened",
    cell: (item) =>
      item.action === "invalid" ? (
        item.problems.map((p) => (
          <span key={p.column + p.message} className="block">
            <span className="font-mono">{p.column}</span>: {p.message}
          </span>
        ))
      ) : (
        <>
          {BATCH_OUTCOME_LABEL[item.outcome]}
          {(item.outcome === "late" || item.outcome === "skipped") && (
            <> ({storeLink(item.memory_store_id ?? item.existing_memory_store_id, "that store", true)})</>
          )}
        </>
      ),
    className: (item) =>
      item.action === "invalid" ? "text-red-700" : item.outcome === "late" || item.outcome === "skipped" ? "text-amber-800" : "text-slate-800",
  },
];

/** One store batch's report: who and when, the file and template, counts, and every row with what happened; downloadable as JSON and CSV. */
export function StoreBatchReport({ id }: { id: string }) {
  return (
    <BulkReport
      query={useStoreBatch(id)}
      noun="store batch"
      content={(b) => ({
        downloadPath: operationUrl("retrieveStoreBatch", { params: { store_batch: b.id } }),
        executed: "created",
        summary: (
          <>
            {b.source_name ?? "A CSV"} · {b.template_store_id ? <>template {storeLink(b.template_store_id, b.template_store_id, true)}</> : "no template"}
            {b.unique_by && (
              <>
                {" "}
                · unique by <span className="font-mono">{b.unique_by}</span>
              </>
            )}
          </>
        ),
        counts: (
          <Counts
            label="Counts"
            counts={[
              { label: "Rows", value: b.counts.rows },
              { label: "Created", value: b.counts.created ?? (b.status === "planned" ? `${b.counts.create} planned` : null) },
              { label: "Skipped", value: b.counts.skip },
              { label: "Problems / late", value: `${b.counts.invalid} / ${b.counts.late ?? "—"}` },
            ]}
          />
        ),
        left: {
          count: b.counts.late ?? 0,
          title: "Values taken after the dry run",
          text: `${b.counts.late ?? 0} row(s) were not created: a store got their ${b.unique_by ?? "unique"} value after the dry run.`,
        },
        columns: COLUMNS,
        itemKey: (item) => String(item.row),
      })}
    />
  );
}
