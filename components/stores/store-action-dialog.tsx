"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { countOf, formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { StoreFilter } from "@/lib/queries/page-queries.ts";
import { useExecuteStoreAction, usePlanStoreAction } from "@/lib/queries/use-store-actions.ts";

export type StoreActionDialogProps = { action: "archive" | "delete"; filter: StoreFilter; open: boolean; onClose: () => void };

/** Stores a dry run lists in the dialog; the whole list is in the report (JSON, CSV). */
const SHOWN = 50;
const OUTCOME_WORDS: Record<string, string> = {
  archived: "archived",
  deleted: "deleted",
  late: "written since the dry run: left alone",
  gone: "deleted by someone else meanwhile",
  skipped: "no longer matching: left alone",
  left: "matching now but not in the dry run: left for a new one",
};

/**
 * Archive or delete every store the listing's filter selects (POST /v1/store_archivals,
 * /v1/store_deletions): the dry run on opening, each store with its size, the typed phrase, then
 * the outcome of each and the report to download. Conditional: a store written after the dry
 * run is left alone.
 */
export function StoreActionDialog({ action, filter, open, onClose }: StoreActionDialogProps) {
  const plan = usePlanStoreAction(action);
  const execute = useExecuteStoreAction(action);
  const dryRun = plan.data;
  const report = execute.data;
  const confirmation = useTypedConfirmation(dryRun?.confirmation ?? "");
  const { mutate } = plan;
  useEffect(() => {
    if (open) mutate(filter);
    // The filter is the one the dialog was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mutate]);
  const close = () => {
    confirmation.reset();
    plan.reset();
    execute.reset();
    onClose();
  };
  const verb = action === "archive" ? "Archive" : "Delete";
  const reportPath = dryRun && `/v1/${action === "archive" ? "store_archivals" : "store_deletions"}/${dryRun.id}`;
  const outcomes = [...(report?.items ?? []).reduce((counts, i) => counts.set(i.outcome, (counts.get(i.outcome) ?? 0) + 1), new Map<string, number>())];

  return (
    <Dialog open={open} title={`${verb} the stores this filter selects?`} onClose={close} wide>
      <div className="space-y-3 text-sm text-slate-700" data-testid="store-action-dialog">
        {plan.error && <ErrorAlert error={plan.error} />}
        {execute.error && <ErrorAlert error={execute.error} />}
        {plan.isPending && <p>Looking for the stores (a dry run: nothing changes yet)…</p>}
        {dryRun && !report && (
          <>
            <p data-testid="store-action-summary">
              {countOf(dryRun.counts.stores_before, "store", "stores")}, {countOf(dryRun.counts.memories_before, "memory", "memories")},{" "}
              {formatBytes(dryRun.counts.content_bytes_before)}.{" "}
              {action === "archive"
                ? "Archiving is irreversible: each store becomes read-only for good."
                : "Deleting removes each store, its memories and every version; it cannot be undone."}{" "}
              A store written to after this dry run is left alone.
            </p>
            {(dryRun.items?.length ?? 0) > 0 && (
              <ul aria-label="Stores in the dry run" className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded border border-slate-200">
                {dryRun.items!.slice(0, SHOWN).map((item) => (
                  <li key={item.memory_store_id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-1.5">
                    <span className="min-w-0 truncate font-medium">{item.name}</span>
                    <span className="text-xs text-slate-500 tabular-nums">
                      {countOf(item.memory_count, "memory", "memories")} · {formatBytes(item.content_bytes)} · last write{" "}
                      {item.last_memory_write_at ? <LocalTime iso={item.last_memory_write_at} /> : "never"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {(dryRun.items?.length ?? 0) > SHOWN && (
              <p className="text-xs text-slate-500">
                The first {SHOWN} of {dryRun.items!.length.toLocaleString("en-US")};{" "}
                <a className="text-indigo-700 underline" href={`${reportPath}?format=csv`}>
                  download the whole list
                </a>
                .
              </p>
            )}
            {dryRun.counts.stores_before > 0 && <TypedConfirmation state={confirmation} id="store-action-confirm" hint="This cannot be undone." />}
          </>
        )}
        {report && (
          <div data-testid="store-action-report" className="space-y-2">
            <ul className="list-inside list-disc">
              {outcomes.map(([outcome, count]) => (
                <li key={outcome}>
                  {countOf(count, "store", "stores")} {OUTCOME_WORDS[outcome] ?? outcome}
                </li>
              ))}
            </ul>
            <p>
              The report is kept:{" "}
              <a className="text-indigo-700 underline" href={`${reportPath}?format=csv`}>
                download it as CSV
              </a>{" "}
              or{" "}
              <a className="text-indigo-700 underline" href={`${reportPath}?format=json`}>
                JSON
              </a>
              .
            </p>
          </div>
        )}
      </div>
      <DialogActions onCancel={close} cancelLabel={report ? "Close" : "Cancel"} className="mt-4">
        {dryRun && !report && dryRun.counts.stores_before > 0 && (
          <Button
            variant="danger"
            disabled={!confirmation.confirmed || execute.isPending}
            onClick={() => execute.mutate({ id: dryRun.id, confirmation: confirmation.typed })}
          >
            {execute.isPending ? `${verb.replace(/e$/, "")}ing…` : `${verb} ${countOf(dryRun.counts.stores_before, "store", "stores")}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
