"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import type { ReviewDetail } from "@/lib/queries/review-types.ts";
import { useFocusOnOpen } from "./use-focus-on-open.ts";

export type RevertRedactDialogProps = { detail: ReviewDetail; onConfirm: () => void; onClose: () => void };

/** Confirms a revert that also redacts what the agent wrote (a leaked secret): the redaction cannot be undone. */
export function RevertRedactDialog({ detail, onConfirm, onClose }: RevertRedactDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useFocusOnOpen(confirmRef);
  const { item } = detail;
  const undo =
    item.change === "created"
      ? "The memory is deleted (an agent created it)"
      : item.change === "deleted"
        ? `The memory is re-created at ${item.settled_path}`
        : "The reviewed content and path are written back";
  return (
    <Dialog open title="Revert and redact" onClose={onClose}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          <span className="font-mono text-xs">{item.path}</span>: {undo}. Then the {item.version_count === 1 ? "version" : `${item.version_count} versions`}{" "}
          awaiting review {item.version_count === 1 ? "is" : "are"} redacted: {item.version_count === 1 ? "its" : "their"} content and paths are erased for
          good. Who wrote them and when stays in the history.
        </p>
        <p>
          <strong>The redaction cannot be undone.</strong> Use it when an agent wrote something that must not be kept, such as a secret.
        </p>
        <DialogActions onCancel={onClose}>
          <Button ref={confirmRef} variant="danger" onClick={onConfirm}>
            Revert and redact
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
