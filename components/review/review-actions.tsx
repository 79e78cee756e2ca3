"use client";

import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/field.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import type { ReviewDetail } from "@/lib/queries/review-types.ts";
import { Kbd } from "./kbd.tsx";

export type ReviewActionsProps = {
  /** The change as shown; actions wait for it (they are conditional on its head). */
  detail: ReviewDetail | undefined;
  busy: boolean;
  /** An optional reason, sent with the next approve or revert. */
  reason: string;
  onReason: (reason: string) => void;
  onApprove: () => void;
  onRevert: () => void;
  onEdit: () => void;
  onRevertRedact: () => void;
};

/** Approve, revert, edit and approve, revert and redact, each with its key. */
export function ReviewActions({ detail, busy, reason, onReason, onApprove, onRevert, onEdit, onRevertRedact }: ReviewActionsProps) {
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
      <Input
        aria-label="Reason (optional, kept with the decision)"
        placeholder="Reason (optional)"
        value={reason}
        maxLength={LIMITS.reviewReasonChars}
        onChange={(e) => onReason(e.target.value)}
        className="min-w-0 flex-1 basis-48 py-1 text-xs"
        data-testid="review-reason-input"
      />
    </>
  );
}
