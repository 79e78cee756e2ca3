"use client";

import { ExposedSessions } from "@/components/time-travel/exposed-sessions.tsx";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import { EraseActionFields, type EraseAction } from "@/components/erasures/erase-action-fields.tsx";
import { ErasureCounts } from "@/components/erasures/erasure-counts.tsx";
import { ErasureMemoryList } from "@/components/erasures/erasure-memory-list.tsx";
import type { Erasure } from "@/lib/queries/types.ts";
import { searchQueryString } from "@/lib/queries/use-search.ts";
import { useExecuteErasure, usePlanErasure } from "@/lib/queries/use-erasures.ts";

export type EraseDialogProps = {
  text: string;
  /** Opened from a words search: its hits matched the words, the erase matches the exact text. */
  fromWords?: boolean;
  storeIds: string[];
  storeNames: Map<string, string>;
  onClose: () => void;
};

/**
 * Erase exact text: choose replace (with a marker) or delete, look at the dry run, type its
 * confirmation, erase; then the report. The erase acts only on what the dry run showed.
 */
export function EraseDialog({ text, fromWords = false, storeIds, storeNames, onClose }: EraseDialogProps) {
  const plan = usePlanErasure();
  const execute = useExecuteErasure();
  const [action, setAction] = useState<EraseAction>("replace");
  const [marker, setMarker] = useState("[erased]");
  const planned: Erasure | undefined = plan.data;
  const confirmation = useTypedConfirmation(planned?.confirmation ?? "");
  const report: Erasure | undefined = execute.data;
  const where = storeIds.length === 0 ? "every store" : storeIds.map((id) => storeNames.get(id) ?? id).join(", ");

  return (
    <Dialog open title="Erase text" onClose={onClose} wide>
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          Erase <span className="rounded bg-amber-100 px-1 font-mono text-slate-900">{text}</span> (ignoring case) from {where}: from current memories and from
          every retained version.
        </p>
        {fromWords && !report && (
          <Alert tone="info" title="Exact text, not words">
            The search found these words wherever they occur, in any order; the erase looks for exactly “{text}” (ignoring case) and nothing else. The dry run
            shows what holds it.{" "}
            <Link
              href={`/search?${searchQueryString({ q: text, mode: "exact", scope: "versions", memory_store_id: storeIds })}`}
              className="font-medium underline"
            >
              Search it as exact text
            </Link>
          </Alert>
        )}
        {!planned && (
          <>
            <EraseActionFields
              name="erase-action"
              what={{ legend: "it", hint: "the text" }}
              action={action}
              onAction={setAction}
              marker={marker}
              onMarker={setMarker}
            />
            <p>Then every older version that holds it is redacted. First comes a dry run: nothing changes until you confirm.</p>
            {plan.error && <Alert>{plan.error.message}</Alert>}
            <DialogActions onCancel={onClose}>
              <Button
                disabled={plan.isPending}
                onClick={() =>
                  plan.mutate({ query: text, memory_store_ids: storeIds.length ? storeIds : null, action, ...(action === "replace" && { marker }) })
                }
              >
                {plan.isPending ? "Looking…" : "Dry run"}
              </Button>
            </DialogActions>
          </>
        )}
        {planned && !report && (
          <>
            <ErasureCounts erasure={planned} />
            <ExposedSessions sessions={planned.exposed_sessions} done={false} />
            {planned.counts.versions_before === 0 ? (
              <Alert tone="info">Nothing holds this text: there is nothing to erase.</Alert>
            ) : (
              <div className="max-h-72 overflow-y-auto">
                <ErasureMemoryList erasure={planned} storeNames={storeNames} shown={50} />
              </div>
            )}
            {planned.counts.versions_before === 0 ? (
              <DialogActions onCancel={onClose} cancelLabel="Close">
                {null}
              </DialogActions>
            ) : (
              <>
                <TypedConfirmation state={confirmation} id="erase-confirm" hint="This cannot be undone." />
                {execute.error && <Alert>{execute.error.message}</Alert>}
                <DialogActions onCancel={onClose}>
                  <Button
                    variant="danger"
                    disabled={!confirmation.confirmed || execute.isPending}
                    onClick={() => execute.mutate({ erasureId: planned.id, query: text, confirmation: confirmation.typed })}
                  >
                    {execute.isPending ? "Erasing…" : "Erase"}
                  </Button>
                </DialogActions>
              </>
            )}
          </>
        )}
        {report && (
          <>
            <Alert tone={report.counts.versions_after ? "warning" : "success"} title={report.counts.versions_after ? "Erased what the dry run saw" : "Erased"}>
              {report.counts.versions_after
                ? `${report.counts.versions_after} version(s) written since the dry run still hold the text; they are in the report. Run the erase again to remove them.`
                : "Searching for this text finds nothing now."}
            </Alert>
            <ErasureCounts erasure={report} />
            <ExposedSessions sessions={report.exposed_sessions} done />
            <div className="max-h-72 overflow-y-auto">
              <ErasureMemoryList erasure={report} storeNames={storeNames} shown={50} />
            </div>
            <DialogActions onCancel={onClose} cancelLabel="Close">
              <Link href={`/erasures/${report.id}`} className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500">
                Open the report
              </Link>
            </DialogActions>
          </>
        )}
      </div>
    </Dialog>
  );
}
