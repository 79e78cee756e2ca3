"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { ROLES } from "@/lib/auth/roles.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "@/lib/queries/keys.ts";
import type { ApiKey } from "@/lib/queries/types.ts";
import { useCreateApiKey, useIsOrganizationAdmin } from "@/lib/queries/use-admin.ts";
import { ROLE_HELP } from "./user-form.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

function useStoreChoices() {
  const params = { include_archived: true, limit: 100 };
  return useQuery({ queryKey: queryKeys.stores.list(params), queryFn: () => apiClient.call("listStores", { query: params }) });
}

export function ApiKeyForm({ onCreated, onCancel }: { onCreated: (key: ApiKey & { secret: string }) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const stores = useStoreChoices();
  const [role, setRole] = useState<string>("reviewer");
  const [limited, setLimited] = useState(false);
  const [storeIds, setStoreIds] = useState<string[]>([]);
  // Only organisation admins may make a key that reaches every workspace (lib/auth/api-keys.ts).
  const orgAdmin = useIsOrganizationAdmin() === true;
  const [organization, setOrganization] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate(
      {
        name: String(form.get("name")),
        role,
        read_only: form.get("read_only") === "on",
        store_ids: limited ? storeIds : null,
        ...(organization && { scope: "organization" as const }),
      },
      { onSuccess: onCreated },
    );
  }

  const toggle = (id: string) => setStoreIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {create.error && <ErrorAlert error={create.error} />}
      <Field label="Name" htmlFor="key-name" hint="Say who or what uses it, e.g. “support agent (prod)”.">
        <Input id="key-name" name="name" required maxLength={100} />
      </Field>
      <Field label="Role" htmlFor="key-role">
        <select
          id="key-role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          className="block w-full rounded-md border-0 py-2 text-sm ring-1 ring-inset ring-slate-300"
        >
          {ROLES.map((r) => (
            <option key={r} value={r} disabled={limited && r === "admin"}>
              {r} — {ROLE_HELP[r]}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="read_only" /> Read-only (it can never write, whatever its role)
      </label>
      {orgAdmin && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={organization}
            onChange={(e) => {
              setOrganization(e.target.checked);
              // An organisation key names its workspace on each request; store lists are a workspace key's.
              if (e.target.checked) setLimited(false);
            }}
          />{" "}
          Organisation-scoped: acts in every workspace (chosen per request with anthropic-workspace-id; Default without it)
        </label>
      )}
      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={limited}
            disabled={organization}
            onChange={(e) => {
              setLimited(e.target.checked);
              // Admin reaches every store (users, keys, archiving), so a store-limited key is a reviewer or viewer.
              if (e.target.checked && role === "admin") setRole("reviewer");
            }}
          />{" "}
          Limit to specific stores (reviewer or viewer keys only)
        </label>
        {limited && (
          <div className="max-h-48 space-y-1 overflow-y-auto rounded-md p-2 ring-1 ring-slate-200" data-testid="key-store-choices">
            {stores.isLoading && <p className="text-sm text-slate-500">Loading stores…</p>}
            {stores.data?.data.length === 0 && <p className="text-sm text-slate-500">No stores yet.</p>}
            {stores.data?.data.map((store) => (
              <label key={store.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={storeIds.includes(store.id)} onChange={() => toggle(store.id)} />
                {store.name} <span className="font-mono text-xs text-slate-500">{store.id}</span>
              </label>
            ))}
          </div>
        )}
      </div>
      <DialogActions onCancel={onCancel}>
        <Button type="submit" disabled={create.isPending || (limited && storeIds.length === 0)}>
          {create.isPending ? "Creating…" : "Create key"}
        </Button>
      </DialogActions>
    </form>
  );
}
