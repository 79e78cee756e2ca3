"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { fieldError } from "@/lib/queries/field-error.ts";
import type { Memory } from "@/lib/queries/types.ts";
import { useUpdateMemory } from "@/lib/queries/use-memories.ts";
import { ApiErrorAlert } from "./path-conflict.tsx";
import { PathRules } from "./path-rules.tsx";

export type RenameMemoryDialogProps = { memory: Memory; onClose: () => void };

/** Changes the path (same memory id, one `modified` version); the content is not touched. */
export function RenameMemoryDialog({ memory, onClose }: RenameMemoryDialogProps) {
  const rename = useUpdateMemory(memory.memory_store_id, memory.id);
  const [path, setPath] = useState(memory.path);
  const problem = fieldError(rename.error, ["path"] as const);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate({ path }, { onSuccess: onClose });
  }

  return (
    <Dialog open title="Rename or move memory" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-3">
        {rename.error && problem?.field === null && <ApiErrorAlert storeId={memory.memory_store_id} error={rename.error} />}
        <Field label="New path" htmlFor="rename-path" error={problem?.field === "path" ? problem.message : null}>
          <Input
            id="rename-path"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            className="font-mono"
            autoFocus
            aria-invalid={problem?.field === "path"}
          />
        </Field>
        <PathRules path={path} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={rename.isPending || path === memory.path}>
            {rename.isPending ? "Renaming…" : "Rename"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
