"use client";

import { useState } from "react";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { ProgressBar } from "@/components/transfer/progress-bar.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Counts } from "@/components/ui/counts.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { useShownRows } from "@/components/ui/shown-rows.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { StoreBatch, StoreBatchItem } from "@/lib/queries/types.ts";
import { useExecuteStoreBatch } from "@/lib/queries/use-store-batches.ts";
import { BATCH_OUTCOME_LABEL } from "./batch-labels.ts";
import { MetadataPairs } from "./metadata-pairs.tsx";

/**
 * A store batch's dry run: its counts, every bad row named with its column, the rows as they
 * will be created (or skipped), then the typed confirmation and, while the stores are created,
 * their progress; the report once done.
 */
export function StoreBatchPreview({ batch }: { batch: StoreBatch }) {
  const router = useWorkspaceRouter();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const execute = useExecuteStoreBatch((done, total) => setProgress({ done, total }));
  const confirmation = useTypedConfirmation(batch.confirmation);
  const items = batch.items ?? [];
  const problems = batch.problems ?? [];
  return (
    <section aria-label="Dry run" className="mt-6 space-y-4 border-t border-slate-100 pt-4 text-sm">
      <p className="text-slate-700">
        The dry run read <strong>{batch.counts.rows}</strong> rows{batch.source_name && <> of {batch.source_name}</>}
        {batch.template_store_id && <>; each new store gets the template&apos;s {batch.template_memory_count} memories</>}. Nothing is created yet.
      </p>
      <Counts
        label="Dry run counts"
        testId="batch-counts"
        counts={[
          { label: "Rows", value: batch.counts.rows },
          { label: "To create", value: batch.counts.create },
          { label: "Skipped", value: batch.counts.skip },
          { label: "With problems", value: batch.counts.invalid },
        ]}
      />
      {problems.length > 0 && (
        <Alert tone="warning" title={`${batch.counts.invalid} row${batch.counts.invalid === 1 ? " has" : "s have"} problems and will not be created`}>
          <p className="mb-2">Fix them in the file and run the dry run again, or create the other rows now.</p>
          <ul aria-label="Problems" className="max-h-48 space-y-1 overflow-y-auto">
            {problems.slice(0, 200).map((p, i) => (
              <li key={i}>
                <span className="font-medium">Row {p.row}</span>, <span className="font-mono">{p.column}</span>: {p.message}
              </li>
            ))}
          </ul>
          {problems.length > 200 && <p className="mt-1">… and {problems.length - 200} more (all of them are in the report).</p>}
        </Alert>
      )}
      <PreviewTable items={items} />
      {batch.counts.create > 0 && (
        <div className="space-y-3">
          <div className="max-w-sm">
            <TypedConfirmation state={confirmation} id="batch-confirm" disabled={execute.isPending} />
          </div>
          {execute.isPending && progress && (
            <div className="max-w-md">
              <ProgressBar
                label="Creating stores"
                value={progress.total ? progress.done / progress.total : null}
                detail={`${progress.done} of ${progress.total}`}
              />
            </div>
          )}
          {execute.error && <ErrorAlert error={execute.error} />}
          <Button
            disabled={!confirmation.confirmed || execute.isPending}
            onClick={() =>
              execute.mutate({ id: batch.id, confirmation: confirmation.typed }, { onSuccess: (report) => router.push(`/store-batches/${report.id}`) })
            }
          >
            {execute.isPending ? "Creating…" : `Create ${batch.counts.create} store${batch.counts.create === 1 ? "" : "s"}`}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The rows as the dry run planned them, bad ones with their problems; shown 200 at a time. */
function PreviewTable({ items }: { items: readonly StoreBatchItem[] }) {
  const { rows, more } = useShownRows(items);
  return (
    <div
      role="region"
      aria-label="Rows"
      tabIndex={0}
      className="rounded-md ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      <Table dense columns={["Row", "Name", "Metadata", "What happens"]}>
        {rows.map((item) => (
          <Row key={item.row} data-testid={`batch-row-${item.row}`}>
            <Cell className="tabular-nums text-slate-500">{item.row}</Cell>
            <Cell className="break-words font-medium text-slate-900">{item.name || <span className="italic text-slate-500">(none)</span>}</Cell>
            <Cell>
              <MetadataPairs metadata={item.metadata} />
            </Cell>
            <Cell className={item.action === "invalid" ? "text-red-700" : item.action === "skip" ? "text-amber-800" : "text-slate-800"}>
              {item.action === "invalid"
                ? item.problems.map((p) => (
                    <span key={p.column + p.message} className="block">
                      <span className="font-mono">{p.column}</span>: {p.message}
                    </span>
                  ))
                : BATCH_OUTCOME_LABEL[item.outcome]}
            </Cell>
          </Row>
        ))}
      </Table>
      {more}
    </div>
  );
}
