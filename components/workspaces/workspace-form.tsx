"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Field, Input } from "@/components/ui/field.tsx";

export type WorkspaceFormProps = {
  initial?: { name: string; display_color: string };
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (fields: { name: string; display_color: string }) => void;
  onCancel: () => void;
};

/** A workspace's name (1–40 characters, the API checks) and its colour, for creating and editing. */
export function WorkspaceForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: WorkspaceFormProps) {
  const [name, setName] = useState(initial?.name ?? "");
  const [color, setColor] = useState(initial?.display_color ?? "#6c5ce7");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), display_color: color });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Name" htmlFor="workspace-name">
        <Input id="workspace-name" value={name} maxLength={40} required onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Colour" htmlFor="workspace-color" hint="Shown beside the name in the workspace switcher.">
        <input id="workspace-color" type="color" value={color} onChange={(e) => setColor(e.target.value)} className="h-9 w-16 rounded ring-1 ring-slate-300" />
      </Field>
      {error && <ErrorAlert error={error} />}
      <DialogActions onCancel={onCancel}>
        <Button type="submit" disabled={pending || !name.trim()}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
