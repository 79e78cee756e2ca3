"use client";

import { useState, type FormEvent } from "react";
import { useCurrentWorkspace } from "@/components/shell/current-workspace.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Field, Input, Select } from "@/components/ui/field.tsx";
import { useMyWorkspaces } from "@/lib/queries/use-admin.ts";
import { useCreateInvite } from "@/lib/queries/use-invites.ts";

/** The invite roles and the membership each gives (docs/api-extensions.md, "Invites"). */
const ROLES = [
  { value: "user", label: "User — reads (workspace_user)" },
  { value: "developer", label: "Developer — reviews and writes (workspace_restricted_developer)" },
] as const;

/** Email, workspace and role; then the acceptance link, shown this once (the server keeps only its hash). */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const workspaces = useMyWorkspaces();
  const [email, setEmail] = useState("");
  const [workspaceId, setWorkspaceId] = useState(useCurrentWorkspace() ?? "");
  const [role, setRole] = useState<"user" | "developer">("user");
  const [copied, setCopied] = useState(false);
  const create = useCreateInvite();
  const url = (create.data as { acceptance_url?: string } | undefined)?.acceptance_url;
  if (url)
    return (
      <div className="space-y-4">
        <Alert tone="warning" title="Shown once">
          Copy this link now and send it to {email} yourself. It is shown once and cannot be recovered; if it is lost, revoke the invite and make another.
        </Alert>
        <code data-testid="invite-link" className="block break-all rounded-md bg-slate-900 p-3 font-mono text-sm text-emerald-300">
          {url}
        </code>
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ workspaceId, email: email.trim(), role });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Email" htmlFor="invite-email">
        <Input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field label="Workspace" htmlFor="invite-workspace">
        <Select id="invite-workspace" value={workspaceId} onChange={(e) => setWorkspaceId(e.target.value)}>
          {workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Role" htmlFor="invite-role">
        <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as "user" | "developer")}>
          {ROLES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </Select>
      </Field>
      {create.error && <ErrorAlert error={create.error} />}
      <DialogActions onCancel={onDone}>
        <Button type="submit" disabled={create.isPending || !email.trim() || !workspaceId}>
          Create invite
        </Button>
      </DialogActions>
    </form>
  );
}
