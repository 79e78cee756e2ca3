"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { DryRunList } from "@/components/bulk/dry-run-list.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { PutBack, PutBackItem } from "@/lib/queries/types.ts";
import { useExecutePutBack, usePlanPutBack, type PlanRestoreInput, type PlanRevertInput } from "@/lib/queries/use-time-travel.ts";
import { AwaitingReviewBadge, AwaitingReviewNotice } from "./awaiting-review.tsx";
import { ExposedSessions } from "./exposed-sessions.tsx";
import { PutBackCounts } from "./put-back-counts.tsx";
import { ACTION_LABEL, ACTION_TONE, ACTIONS, itemPath, leftOver } from "./put-back-labels.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { ActorText } from "@/components/versions/actor-text.tsx";

/** What a dialog is opened for: a restore's or a revert's dry-run input, and how it is named. */
export type PutBackRequest = { title: string; description: string } & (
  { kind: "restores"; input: PlanRestoreInput } | { kind: "reverts"; input: PlanRevertInput }
);
export type PutBackDialogProps = PutBackRequest & { onClose: () => void };

/**
 * A restore ("Restore this folder to this moment") or a revert ("Undo this session"): the dry
 * run grouped by what happens to each memory, its typed confirmation, progress, then the report.
 * Nothing changes until the phrase is typed; the execution acts only on what the dry run saw.
 */
export function PutBackDialog({ kind, input, title, description, onClose }: PutBackDialogProps) {
  const plan = usePlanPutBack(kind);
  const execute = useExecutePutBack(kind);
  const planned: PutBack | undefined = plan.data;
  const confirmation = useTypedConfirmation(planned?.confirmation ?? "");
  const report = execute.data;
  // The dry run starts as the dialog opens: it writes nothing.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    plan.mutate(input as never);
  }, [plan, input]);
  const writing = planned ? planned.counts.create + planned.counts.modify + planned.counts.move + planned.counts.delete : 0;
  const verb = kind === "restores" ? "Restore" : "Undo";

  return (
    <Dialog open title={title} onClose={onClose} wide>
      <div className="space-y-4 text-sm text-slate-700">
        <p>{description}</p>
        {plan.isPending && <Spinner label="Dry run: looking at what would change…" />}
        {plan.error && (
          <>
            <ErrorAlert error={plan.error} title="The dry run was refused" />
            <DialogActions onCancel={onClose} cancelLabel="Close">
              {null}
            </DialogActions>
          </>
        )}
        {planned && !report && (
          <>
            <PutBackCounts plan={planned} />
            <GroupedItems items={planned.items ?? []} />
            <AwaitingReviewNotice items={planned.items ?? []} />
            <ExposedSessions sessions={planned.exposed_sessions} done={false} />
            {writing === 0 ? (
              <>
                <Alert tone="info">Nothing to put back: every memory is already as it was.</Alert>
                <DialogActions onCancel={onClose} cancelLabel="Close">
                  {null}
                </DialogActions>
              </>
            ) : execute.isPending ? (
              <div role="status" className="space-y-2">
                <Spinner label={`Putting back ${writing} ${writing === 1 ? "memory" : "memories"}, 100 at a time…`} />
                <div className="h-2 overflow-hidden rounded bg-slate-100" aria-hidden>
                  <div className="h-full w-1/3 animate-pulse rounded bg-indigo-500" />
                </div>
              </div>
            ) : (
              <>
                <TypedConfirmation
                  state={confirmation}
                  id="put-back-confirm"
                  hint="Each change is a new version: history is kept, and the report lists every memory."
                />
                {execute.error && <ErrorAlert error={execute.error} />}
                <DialogActions onCancel={onClose}>
                  <Button
                    variant="danger"
                    disabled={!confirmation.confirmed}
                    onClick={() => execute.mutate({ id: planned.id, confirmation: confirmation.typed })}
                  >
                    {verb}
                  </Button>
                </DialogActions>
              </>
            )}
          </>
        )}
        {report && <Done report={report} kind={kind} onClose={onClose} />}
      </div>
    </Dialog>
  );
}

function Done({ report, kind, onClose }: { report: PutBack; kind: PutBackDialogProps["kind"]; onClose: () => void }) {
  const left = leftOver(report.items ?? []);
  return (
    <>
      <Alert tone={left ? "warning" : "success"} title={left ? "Done, except what changed after the dry run" : "Done"}>
        {left
          ? `${left} memory(ies) changed after the dry run or found their path taken, and were left as they are; they are in the report. Run a new dry run to include them.`
          : "Every memory the dry run listed is back as it was."}
      </Alert>
      <PutBackCounts plan={report} />
      <AwaitingReviewNotice items={report.items ?? []} done />
      <ExposedSessions sessions={report.exposed_sessions} done />
      <DialogActions onCancel={onClose} cancelLabel="Close">
        <Link href={`/${kind}/${report.id}`} className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500">
          Open the report
        </Link>
      </DialogActions>
    </>
  );
}

/** The dry run's items, one group per action (created, changed, moved, deleted, skipped…). */
function GroupedItems({ items }: { items: readonly PutBackItem[] }) {
  const groups = ACTIONS.map((action) => ({ action, items: items.filter((i) => i.action === action) })).filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="space-y-3">
      {groups.map((g) => (
        <section key={g.action} aria-label={ACTION_LABEL[g.action]}>
          <h3 className="mb-1 flex items-center gap-2 font-medium text-slate-900">
            <Badge tone={ACTION_TONE[g.action]}>{g.items.length}</Badge>
            {ACTION_LABEL[g.action]}
          </h3>
          <DryRunList items={g.items} label={ACTION_LABEL[g.action]} empty="" shown={25} itemKey={(i) => i.memory_id}>
            {(item) => (
              <>
                <span className="break-all font-mono">{itemPath(item)}</span>
                {item.action === "move" && item.seen?.path && <span className="break-all text-slate-500">from {item.seen.path}</span>}
                <AwaitingReviewBadge item={item} />
                {item.reason && (
                  <span className="text-amber-800" data-testid="item-reason">
                    <ActorText text={item.reason} />
                  </span>
                )}
              </>
            )}
          </DryRunList>
        </section>
      ))}
    </div>
  );
}
