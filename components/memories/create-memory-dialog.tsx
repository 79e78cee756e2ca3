"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "@/components/ui/field.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import { fieldError } from "@/lib/queries/field-error.ts";
import type { Memory } from "@/lib/queries/types.ts";
import { useCreateMemory } from "@/lib/queries/use-memories.ts";
import { ApiErrorAlert } from "./path-conflict.tsx";
import { PathRules } from "./path-rules.tsx";
import { SizeCounter, utf8Length } from "./size-counter.tsx";

export type CreateMemoryDialogProps = {
  storeId: string;
  /** The folder the path starts in. */
  folder: string;
  open: boolean;
  onClose: () => void;
  onCreated: (memory: Memory) => void;
};

export function CreateMemoryDialog({ storeId, folder, open, onClose, onCreated }: CreateMemoryDialogProps) {
  return (
    <Dialog open={open} title="New memory" onClose={onClose} wide>
      <CreateMemoryForm storeId={storeId} folder={folder} onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

type CreateMemoryFormProps = { storeId: string; folder: string; onCancel: () => void; onCreated: (memory: Memory) => void };

function CreateMemoryForm({ storeId, folder, onCancel, onCreated }: CreateMemoryFormProps) {
  const create = useCreateMemory(storeId);
  const [path, setPath] = useState(folder);
  const [content, setContent] = useState("");
  const problem = fieldError(create.error, ["path", "content"] as const);
  const bytes = utf8Length(content);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ path, content }, { onSuccess: onCreated });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {create.error && problem?.field === null && <ApiErrorAlert storeId={storeId} error={create.error} />}
      <Field label="Path" htmlFor="memory-path" error={problem?.field === "path" ? problem.message : null}>
        <Input
          id="memory-path"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          className="font-mono"
          autoFocus
          aria-invalid={problem?.field === "path"}
        />
      </Field>
      <PathRules path={path} />
      <Field label="Content" htmlFor="memory-content" error={problem?.field === "content" ? problem.message : null}>
        <Textarea id="memory-content" rows={12} value={content} onChange={(e) => setContent(e.target.value)} className="font-mono" />
      </Field>
      <div className="flex items-center justify-between gap-2">
        <SizeCounter bytes={bytes} />
        <DialogActions onCancel={onCancel}>
          <Button type="submit" disabled={create.isPending || bytes > LIMITS.memoryContentBytes}>
            {create.isPending ? "Creating…" : "Create memory"}
          </Button>
        </DialogActions>
      </div>
    </form>
  );
}
