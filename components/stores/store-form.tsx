"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "@/components/ui/field.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import { fieldError } from "@/lib/queries/field-error.ts";
import type { StoreInput } from "@/lib/queries/use-stores.ts";
import { MetadataRows, metadataOf, metadataRow } from "./metadata-rows.tsx";

export type StoreFormProps = {
  initial?: StoreInput;
  submitLabel: string;
  pending: boolean;
  /** The API's answer to the last submit; validation messages appear under their field. */
  error: Error | null;
  onSubmit: (input: StoreInput) => void;
  onCancel: () => void;
};

const FIELDS = ["name", "description", "metadata"] as const;
const chars = (s: string) => [...s].length;

/** Name, description and metadata of a store. The API validates; its messages are shown inline. */
export function StoreForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: StoreFormProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [rows, setRows] = useState(() => Object.entries(initial?.metadata ?? {}).map(([k, v]) => metadataRow(k, v)));
  const problem = fieldError(error, FIELDS);
  const metadata = metadataOf(rows);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (metadata) onSubmit({ name, description, metadata });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {problem && problem.field === null && <Alert>{problem.message}</Alert>}
      <Field
        label="Name"
        htmlFor="store-name"
        error={problem?.field === "name" ? problem.message : null}
        hint={`${chars(name)} / ${LIMITS.storeNameChars} characters, no control characters.`}
      >
        <Input id="store-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={problem?.field === "name"} autoFocus />
      </Field>
      <Field
        label="Description"
        htmlFor="store-description"
        error={problem?.field === "description" ? problem.message : null}
        hint={`${chars(description)} / ${LIMITS.storeDescriptionChars} characters.`}
      >
        <Textarea
          id="store-description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={problem?.field === "description"}
        />
      </Field>
      <MetadataRows rows={rows} onChange={setRows} error={problem?.field === "metadata" ? problem.message : null} />
      <DialogActions onCancel={onCancel}>
        <Button type="submit" disabled={pending || metadata === null}>
          {pending ? "Saving…" : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
