"use client";

import { ExposedSessions } from "@/components/time-travel/exposed-sessions.tsx";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { DryRunList } from "@/components/bulk/dry-run-list.tsx";
import { AwaitingReviewBadge, AwaitingReviewNotice } from "@/components/time-travel/awaiting-review.tsx";
import { PutBackCounts } from "@/components/time-travel/put-back-counts.tsx";
import { ACTION_LABEL, itemPath, leftOver } from "@/components/time-travel/put-back-labels.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import { useExecuteBatchUndo, usePlanBatchUndo, type BatchUndo, type BatchUndoItem, type ReviewBatch } from "@/lib/queries/use-review-batches.ts";
import { ReviewError } from "./review-error.tsx";
import { ActorText } from "@/components/versions/actor-text.tsx";

/** From how many memories an undo asks for the typed phrase (`undo 60 memories`); below, a click confirms. */
export const UNDO_TYPED_FROM = 50;

const writes = (items: readonly BatchUndoItem[]) => items.filter((i) => i.outcome === "planned");
const leftAlone = (items: readonly BatchUndoItem[]) => items.filter((i) => i.action === "conflict" || i.action === "skip");

/**
 * "Undo this batch": the dry run (how many memories go back, which are left because they changed
 * after the batch), a typed phrase above UNDO_TYPED_FROM memories and always the count on the
 * button, then the report. Nothing changes before the confirmation; the undo opens no review items.
 */
export function BatchUndoDialog({ batch, onClose }: { batch: ReviewBatch; onClose: () => void }) {
  const plan = usePlanBatchUndo();
  const execute = useExecuteBatchUndo();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    plan.mutate(batch.id);
  }, [plan, batch.id]);
  const undoing = batch.action === "approved" ? "approved" : "reverted";
  return (
    <Dialog open title="Undo this batch" onClose={onClose} wide>
      <div className="space-y-4 text-sm text-slate-700" data-testid="batch-undo-dialog">
        <p>
          Put back the {batch.decisions.toLocaleString()} {batch.decisions === 1 ? "memory" : "memories"} this batch {undoing} as{" "}
          {batch.action === "approved" ? "they were when last reviewed" : "the agents left them"}. A memory changed after the batch is left alone.
        </p>
        {plan.isPending && <Spinner label="Dry run: looking at what would change…" />}
        {plan.error && (
          <>
            <ReviewError error={plan.error} />
            <DialogActions onCancel={onClose} cancelLabel="Close">
              {null}
            </DialogActions>
          </>
        )}
        {plan.data && !execute.data && (
          <Confirm
            plan={plan.data}
            pending={execute.isPending}
            error={execute.error}
            onCancel={onClose}
            onConfirm={(confirmation) => execute.mutate({ id: plan.data.id, confirmation })}
          />
        )}
        {execute.data && <Done report={execute.data} onClose={onClose} />}
      </div>
    </Dialog>
  );
}

type ConfirmProps = { plan: BatchUndo; pending: boolean; error: Error | null; onCancel: () => void; onConfirm: (phrase: string) => void };

function Confirm({ plan, pending, error, onCancel, onConfirm }: ConfirmProps) {
  const items = plan.items ?? [];
  const count = plan.counts.create + plan.counts.modify + plan.counts.move + plan.counts.delete;
  const typed = count >= UNDO_TYPED_FROM;
  const confirmation = useTypedConfirmation(plan.confirmation);
  const left = leftAlone(items);
  const ready = count > 0 && (!typed || confirmation.confirmed);
  return (
    <>
      <p data-testid="batch-undo-count">
        <strong>{count.toLocaleString()}</strong> {count === 1 ? "memory goes" : "memories go"} back
        {left.length > 0 && (
          <>
            ; <strong>{left.length.toLocaleString()}</strong> {left.length === 1 ? "is" : "are"} left alone
          </>
        )}
        .
      </p>
      <PutBackCounts plan={plan} />
      <AwaitingReviewNotice items={items} />
      <ExposedSessions sessions={plan.exposed_sessions} done={false} />
      {count > 0 && (
        <section aria-label="Goes back">
          <h3 className="mb-1 font-medium text-slate-900">Goes back</h3>
          <DryRunList items={writes(items)} label="Goes back" empty="" shown={25} itemKey={(i) => i.memory_id}>
            {(item) => (
              <>
                <span className="break-all font-mono">{itemPath(item)}</span>
                <span className="text-slate-500">{ACTION_LABEL[item.action]}</span>
                <AwaitingReviewBadge item={item} />
              </>
            )}
          </DryRunList>
        </section>
      )}
      {left.length > 0 && (
        <section aria-label="Left alone">
          <h3 className="mb-1 font-medium text-slate-900">Left alone (changed after the batch)</h3>
          <DryRunList items={left} label="Left alone" empty="" shown={25} itemKey={(i) => i.memory_id}>
            {(item) => (
              <>
                <span className="break-all font-mono">{itemPath(item)}</span>
                {item.reason && (
                  <span className="text-amber-800" data-testid="item-reason">
                    <ActorText text={item.reason} />
                  </span>
                )}
              </>
            )}
          </DryRunList>
        </section>
      )}
      {count === 0 ? (
        <>
          <Alert tone="info">Nothing to undo: every memory of this batch changed since, or is already as it was.</Alert>
          <DialogActions onCancel={onCancel} cancelLabel="Close">
            {null}
          </DialogActions>
        </>
      ) : (
        <>
          {typed && (
            <TypedConfirmation
              state={confirmation}
              id="batch-undo-confirm"
              hint={`${count.toLocaleString()} memories is a large undo (a typed phrase from ${UNDO_TYPED_FROM} on). Each change is a new version.`}
            />
          )}
          {error && <ReviewError error={error} />}
          <DialogActions onCancel={onCancel}>
            <Button variant="danger" disabled={pending || !ready} onClick={() => onConfirm(plan.confirmation)}>
              {pending ? "Working…" : `Undo ${count.toLocaleString()} ${count === 1 ? "memory" : "memories"}`}
            </Button>
          </DialogActions>
        </>
      )}
    </>
  );
}

function Done({ report, onClose }: { report: BatchUndo; onClose: () => void }) {
  const items = report.items ?? [];
  const done = items.filter((i) => i.outcome === "done").length;
  const late = leftOver(items);
  return (
    <>
      <Alert tone={late ? "warning" : "success"} title="Done">
        <span data-testid="batch-undo-report">
          {done.toLocaleString()} {done === 1 ? "memory" : "memories"} put back
          {late > 0 && `; ${late.toLocaleString()} changed after the dry run and were left`}
          {leftAlone(items).length > 0 && `; ${leftAlone(items).length.toLocaleString()} left alone (changed after the batch)`}.
        </span>
      </Alert>
      <AwaitingReviewNotice items={items} done />
      <ExposedSessions sessions={report.exposed_sessions} done />
      <DialogActions onCancel={onClose} cancelLabel="Close">
        <Link href={`/review/batches/${report.id}`} className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500">
          Open the report
        </Link>
      </DialogActions>
    </>
  );
}
