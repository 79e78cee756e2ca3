"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { BulkAction, BulkPreview, BulkReport } from "@/lib/queries/review-types.ts";
import { useBulkPreview, useBulkRun, type BulkScope } from "@/lib/queries/use-reviews.ts";
import { ChangedBy } from "./changed-by.tsx";
import { ReviewError } from "./review-error.tsx";
import { useFocusOnOpen } from "./use-focus-on-open.ts";

/** Conflicts of a bulk report whose writer is looked up and named. */
const CONFLICTS_NAMED = 20;

export type BulkDialogProps = {
  action: BulkAction;
  scope: BulkScope;
  /** What the scope is, in words ("the 3 selected items", "everything matching the filters"). */
  scopeLabel: string;
  onClose: () => void;
  onDone: (report: BulkReport) => void;
};

const VERB = { approve: ["Approve", "approved"], revert: ["Revert", "reverted"] } as const;

/**
 * From how many items a bulk action asks for a typed phrase (`revert 12 changes`), as erase and
 * bulk delete do: a revert rewrites or deletes what agents wrote, so it asks sooner than an approve.
 */
export const TYPED_CONFIRMATION_FROM = { approve: 50, revert: 10 } as const;

/** The phrase a bulk action of `count` items asks for, or "" when a click is enough. */
export function bulkConfirmationPhrase(action: BulkAction, count: number): string {
  return count >= TYPED_CONFIRMATION_FROM[action] ? `${action} ${count} changes` : "";
}

/**
 * A bulk approve or revert in three steps: a dry run says how many items it covers, the reviewer
 * confirms, then a report says how many were applied and which were refused (changed meanwhile).
 */
export function BulkDialog({ action, scope, scopeLabel, onClose, onDone }: BulkDialogProps) {
  const preview = useBulkPreview(action, scope);
  const run = useBulkRun();
  const [verb] = VERB[action];
  return (
    <Dialog open title={`${verb} in bulk`} onClose={onClose}>
      <p className="-mt-2 mb-3 text-xs font-medium uppercase tracking-wide text-amber-700">Bulk action · {scopeLabel}</p>
      <div className="space-y-3 text-sm text-slate-700" data-testid="bulk-dialog">
        {run.data ? (
          <Report report={run.data} preview={preview.data} onClose={onClose} />
        ) : preview.isLoading ? (
          <Spinner label="Counting what this covers (dry run)…" />
        ) : preview.error || !preview.data ? (
          <>
            <ReviewError error={preview.error ?? new Error("The dry run returned nothing.")} />
            <DialogActions onCancel={onClose}>{null}</DialogActions>
          </>
        ) : (
          <Confirm
            action={action}
            preview={preview.data}
            scopeLabel={scopeLabel}
            pending={run.isPending}
            error={run.error}
            onCancel={onClose}
            onConfirm={(reason) => run.mutate({ preview: preview.data!, reason }, { onSuccess: onDone })}
          />
        )}
      </div>
    </Dialog>
  );
}

type ConfirmProps = {
  action: BulkAction;
  preview: BulkPreview;
  scopeLabel: string;
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

function Confirm({ action, preview, scopeLabel, pending, error, onCancel, onConfirm: confirm }: ConfirmProps) {
  const [reason, setReason] = useState("");
  const onConfirm = () => confirm(reason);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const phraseRef = useRef<HTMLFormElement>(null);
  const phrase = bulkConfirmationPhrase(action, preview.count);
  const confirmation = useTypedConfirmation(phrase);
  // Enter confirms a small batch at once; a large one starts in the phrase's field (Enter there confirms once it matches).
  useFocusOnOpen(confirmRef, preview);
  useEffect(() => {
    if (!phrase) return;
    const frame = requestAnimationFrame(() => phraseRef.current?.querySelector("input")?.focus());
    return () => cancelAnimationFrame(frame);
  }, [phrase]);
  const [verb] = VERB[action];
  const ready = preview.count > 0 && (phrase === "" || confirmation.confirmed);
  const shown = preview.items.slice(0, 8);
  return (
    <>
      <p data-testid="bulk-count">
        {verb} {scopeLabel}: <strong>{preview.count.toLocaleString()}</strong> {preview.count === 1 ? "item" : "items"}, each as it is now.
        {action === "revert" && " Memories agents created are deleted; deleted ones are re-created."}
      </p>
      {shown.length > 0 && (
        <ul className="max-h-48 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-700">
          {shown.map((item) => (
            <li key={item.memory_id} className="truncate">
              {item.path}
            </li>
          ))}
          {preview.count > shown.length && <li className="font-sans text-slate-500">…and {(preview.count - shown.length).toLocaleString()} more</li>}
        </ul>
      )}
      <p className="text-xs text-slate-500">An item an agent changes after this count is left for you to look at again.</p>
      <Field label="Reason (optional)" htmlFor="bulk-review-reason" hint="Kept with each decision and shown in the history.">
        <Input id="bulk-review-reason" value={reason} maxLength={LIMITS.reviewReasonChars} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {phrase && (
        <form
          ref={phraseRef}
          onSubmit={(event) => {
            event.preventDefault();
            if (ready && !pending) onConfirm();
          }}
          data-testid="bulk-typed-confirmation"
        >
          <TypedConfirmation
            state={confirmation}
            id="bulk-review-confirm"
            hint={`${preview.count.toLocaleString()} changes is a large batch (a typed phrase from ${TYPED_CONFIRMATION_FROM[action]} on).`}
          />
        </form>
      )}
      {error && <ReviewError error={error} />}
      <DialogActions onCancel={onCancel}>
        <Button ref={confirmRef} variant={action === "revert" ? "danger" : "primary"} disabled={pending || !ready} onClick={onConfirm}>
          {pending ? "Working…" : `${verb} ${preview.count.toLocaleString()}`}
        </Button>
      </DialogActions>
    </>
  );
}

function Report({ report, preview, onClose }: { report: BulkReport; preview: BulkPreview | undefined; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusOnOpen(closeRef, report);
  const [, done] = VERB[report.action];
  const pathOf = (id: string) => preview?.items.find((i) => i.memory_id === id)?.path ?? id;
  const storeOf = (id: string) => preview?.items.find((i) => i.memory_id === id)?.store_id;
  return (
    <>
      <Alert tone={report.conflicts.length ? "warning" : "success"} title="Done">
        <span data-testid="bulk-report">
          {report.applied.toLocaleString()} of {report.requested.toLocaleString()} {done}
          {report.conflicts.length > 0 && `; ${report.conflicts.length.toLocaleString()} not applied`}.
        </span>
      </Alert>
      {report.conflicts.length > 0 && (
        <ul className="max-h-48 space-y-1 overflow-auto text-xs">
          {report.conflicts.map((c, i) => {
            const storeId = storeOf(c.memory_id);
            return (
              <li key={c.memory_id}>
                <span className="font-mono">{pathOf(c.memory_id)}</span>: {c.message}
                {/* Who wrote the newer change: looked up for the first ones only (one request each). */}
                {storeId && i < CONFLICTS_NAMED && (
                  <>
                    {" "}
                    <ChangedBy storeId={storeId} message={c.message} />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-slate-500">
        Batch <span className="font-mono">{report.batch_id}</span> ·{" "}
        <Link href="/review/batches" className="text-indigo-700 underline">
          undo it from the batches list
        </Link>
      </p>
      <div className="flex justify-end">
        <Button ref={closeRef} onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}
