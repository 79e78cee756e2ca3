"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";
import { useDeleteMemory } from "@/lib/queries/use-memories.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type DeleteMemoryDialogProps = {
  storeId: string;
  memoryId: string;
  path: string;
  /** The content_sha256 of the content on screen: the delete applies only if it is still current. */
  expectedSha256: string;
  unsaved: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

export function DeleteMemoryDialog({ storeId, memoryId, path, expectedSha256, unsaved, onClose, onDeleted }: DeleteMemoryDialogProps) {
  const remove = useDeleteMemory(storeId, memoryId);
  const changed = remove.error instanceof ApiError && remove.error.type === "memory_precondition_failed_error";
  return (
    <Dialog open title="Delete memory?" onClose={onClose}>
      <div className="space-y-3 text-sm text-slate-700">
        {changed ? (
          <Alert title="Not deleted: someone changed this memory">
            Its content changed after you loaded it, so the delete was refused. Reload the page to see the current content before deciding.
          </Alert>
        ) : (
          remove.error && <ErrorAlert error={remove.error} />
        )}
        <p>
          Deletes <span className="font-mono">{path}</span>. Its versions stay in the store&apos;s history, from where it can be restored.
          {unsaved && " Your unsaved edits are lost."}
        </p>
      </div>
      <DialogActions onCancel={onClose} className="mt-4">
        <Button variant="danger" disabled={remove.isPending || changed} onClick={() => remove.mutate({ expectedSha256 }, { onSuccess: onDeleted })}>
          {remove.isPending ? "Deleting…" : "Delete memory"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
