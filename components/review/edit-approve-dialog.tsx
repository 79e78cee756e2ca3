"use client";

import { useRef, useState } from "react";
import { MemoryEditor, type MemoryEditorHandle } from "@/components/editor/memory-editor.tsx";
import { SizeCounter, utf8Length } from "@/components/memories/size-counter.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import type { ReviewActionResult, ReviewDetail } from "@/lib/queries/review-types.ts";
import { useApproveReview } from "@/lib/queries/use-reviews.ts";
import { ReviewError } from "./review-error.tsx";

export type EditApproveDialogProps = { detail: ReviewDetail; onClose: () => void; onDone: (result: ReviewActionResult) => void };

/**
 * The editor on the head's content (and path); saving approves the edited text as a new version
 * written by the reviewer, on condition that the head is still the one shown. A refusal keeps
 * the text in the editor; Escape with unsaved edits asks first.
 */
export function EditApproveDialog({ detail, onClose, onDone }: EditApproveDialogProps) {
  const { item, head } = detail;
  const initial = head.content ?? "";
  const approve = useApproveReview();
  const editorRef = useRef<MemoryEditorHandle | null>(null);
  const [draft, setDraft] = useState(initial);
  const [path, setPath] = useState(item.path);
  const [askDiscard, setAskDiscard] = useState(false);
  const bytes = utf8Length(draft);
  const dirty = draft !== initial || path.trim() !== item.path;

  const save = () => {
    if (approve.isPending) return;
    const content = editorRef.current?.getText() ?? draft;
    if (utf8Length(content) > LIMITS.memoryContentBytes) return;
    const newPath = path.trim();
    approve.mutate(
      {
        item,
        headVersionId: item.head_version_id,
        ...(content !== initial && { content }),
        ...(newPath !== item.path && { path: newPath }),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <Dialog
      open
      wide
      title="Edit and approve"
      onClose={onClose}
      onCancel={(event) => {
        if (!dirty) return;
        event.preventDefault();
        setAskDiscard(true);
      }}
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Fix what the agent wrote; saving writes your text as a new version and approves it. If an agent writes again meanwhile, nothing is saved and your text
          stays here.
        </p>
        <Field label="Path" htmlFor="edit-approve-path">
          <Input id="edit-approve-path" value={path} onChange={(e) => setPath(e.target.value)} className="font-mono" />
        </Field>
        <MemoryEditor
          path={item.path}
          initialText={initial}
          onTextChange={setDraft}
          handleRef={editorRef}
          readOnly={false}
          onSave={save}
          height="45vh"
          autoFocus
        />
        <div className="flex justify-end">
          <SizeCounter bytes={bytes} />
        </div>
        {approve.error && <ReviewError error={approve.error} />}
        {askDiscard && (
          <Alert tone="warning" title="Discard your edits?">
            <div className="mt-2 flex gap-2">
              <Button size="sm" variant="danger" onClick={onClose}>
                Discard edits
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setAskDiscard(false)}>
                Keep editing
              </Button>
            </div>
          </Alert>
        )}
        <DialogActions onCancel={() => (dirty ? setAskDiscard(true) : onClose())}>
          <Button onClick={save} disabled={approve.isPending || bytes > LIMITS.memoryContentBytes || !path.trim()} title="Ctrl/Cmd+S">
            {approve.isPending ? "Saving…" : "Save and approve"}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
