"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { ROLES } from "@/lib/auth/roles.ts";
import { useCreateUser } from "@/lib/queries/use-admin.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export const ROLE_HELP = {
  admin: "everything, including users, API keys, archiving and deleting stores",
  reviewer: "edit memories and stores, restore and redact versions",
  viewer: "read only",
} as const;

export function UserForm({ onDone }: { onDone: () => void }) {
  const create = useCreateUser();
  const [role, setRole] = useState<string>("reviewer");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({ email: String(form.get("email")), name: String(form.get("name")), password: String(form.get("password")), role }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {create.error && <ErrorAlert error={create.error} />}
      <Field label="Email" htmlFor="user-email">
        <Input id="user-email" name="email" type="email" required />
      </Field>
      <Field label="Name" htmlFor="user-name">
        <Input id="user-name" name="name" />
      </Field>
      <Field label="Initial password" htmlFor="user-password" hint="At least 10 characters; share it privately.">
        <Input id="user-password" name="password" type="password" autoComplete="new-password" required minLength={10} />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Role</legend>
        {ROLES.map((r) => (
          <label key={r} className="flex items-start gap-2 text-sm">
            <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} className="mt-0.5" />
            <span>
              <span className="font-medium">{r}</span> <span className="text-slate-500">— {ROLE_HELP[r]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogActions onCancel={onDone}>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create user"}
        </Button>
      </DialogActions>
    </form>
  );
}
