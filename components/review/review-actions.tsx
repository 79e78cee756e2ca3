"use client";

import { Button } from "@/components/ui/button.tsx";
import type { ReviewDetail } from "@/lib/queries/review-types.ts";
import { Kbd } from "./kbd.tsx";

export type ReviewActionsProps = {
  /** The change as shown; actions wait for it (they are conditional on its head). */
  detail: ReviewDetail | undefined;
  busy: boolean;
  onApprove: () => void;
  onRevert: () => void;
  onEdit: () => void;
  onRevertRedact: () => void;
};

/** Approve, revert, edit and approve, revert and redact, each with its key. */
export function ReviewActions({ detail, busy, onApprove, onRevert, onEdit, onRevertRedact }: ReviewActionsProps) {
  const disabled = !detail || busy;
  const noEdit = detail?.head.content == null ? "The memory was deleted, or its head redacted: there is no content to edit." : undefined;
  return (
    <>
      <Button size="sm" disabled={disabled} onClick={onApprove} title="Approve (a)">
        Approve <Kbd>a</Kbd>
      </Button>
      <Button size="sm" variant="secondary" disabled={disabled} onClick={onRevert} title="Revert (r)">
        Revert <Kbd>r</Kbd>
      </Button>
      <Button size="sm" variant="secondary" disabled={disabled || !!noEdit} onClick={onEdit} title={noEdit ?? "Edit and approve (e)"}>
        Edit and approve <Kbd>e</Kbd>
      </Button>
      <Button size="sm" variant="danger-quiet" disabled={disabled} onClick={onRevertRedact} title="Revert and redact (Shift+R)">
        Revert and redact <Kbd>R</Kbd>
      </Button>
    </>
  );
}
