"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { useRestoreVersion, type RestoreResult } from "@/lib/queries/use-versions.ts";
import { MutationError } from "./mutation-error.tsx";
import { formatVersionTime } from "./version-format.ts";

export type RestoreTarget = {
  version: MemoryVersion;
  /** The head version as shown (its sha is the precondition), or null when the memory is deleted. */
  headVersionId: string | null;
  /** The live memory's current path (null when deleted). */
  currentPath: string | null;
  /** The version's content is already the memory's content (only its path can be restored). */
  sameContent: boolean;
};

export type RestoreDialogProps = { storeId: string; target: RestoreTarget | null; onClose: () => void; onDone: (result: RestoreResult) => void };

export function RestoreDialog({ storeId, target, onClose, onDone }: RestoreDialogProps) {
  return (
    <Dialog open={target !== null} title="Restore version" onClose={onClose}>
      {target && <RestoreForm key={target.version.id} storeId={storeId} target={target} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function RestoreForm({ storeId, target, onClose, onDone }: RestoreDialogProps & { target: RestoreTarget }) {
  const restore = useRestoreVersion(storeId);
  const { version, headVersionId, currentPath, sameContent } = target;
  const deleted = headVersionId === null;
  const moved = !deleted && version.path !== null && version.path !== currentPath;
  const [movePath, setMovePath] = useState(sameContent);
  const [path, setPath] = useState(version.path ?? "");

  const submit = () => {
    const chosenPath = deleted ? path.trim() : movePath && version.path ? version.path : undefined;
    restore.mutate({ version, headVersionId, path: chosenPath }, { onSuccess: onDone });
  };

  return (
    <form
      className="space-y-4 text-sm text-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p>
        Version <span className="font-mono text-xs">{version.id}</span> ({version.operation} on {formatVersionTime(version.created_at)}).
      </p>
      {deleted ? (
        <>
          <p>
            This memory was deleted. Restoring <strong>re-creates it</strong> with this version&apos;s content, as a <strong>new memory with a new id</strong>;
            the old history stays under the old id.
          </p>
          <Field label="Re-create at path" htmlFor="restore-path" hint="Starts with /; folders are implied by the path. Must not overlap a live memory.">
            <Input id="restore-path" value={path} onChange={(e) => setPath(e.target.value)} className="font-mono" required />
          </Field>
        </>
      ) : (
        <>
          <p>
            Writes this version&apos;s content back to <span className="font-mono text-xs">{currentPath}</span> as a new <strong>modified</strong> version. The
            current content stays in the history. If the memory changes before you confirm, nothing is overwritten.
          </p>
          {sameContent && <p className="font-medium">The memory already has this content: restoring can only move it back to this version&apos;s path.</p>}
          {moved && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={movePath} onChange={(e) => setMovePath(e.target.checked)} className="h-4 w-4 rounded border-slate-300" />
              Also move it back to <span className="font-mono text-xs">{version.path}</span>
            </label>
          )}
        </>
      )}
      {restore.error && <MutationError storeId={storeId} error={restore.error} />}
      <DialogActions onCancel={onClose}>
        <Button type="submit" disabled={restore.isPending || (deleted && !path.trim())}>
          {restore.isPending ? "Restoring…" : deleted ? "Re-create memory" : "Restore version"}
        </Button>
      </DialogActions>
    </form>
  );
}
