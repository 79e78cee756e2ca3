"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { apiClient } from "@/lib/api-client/client.ts";
import { WEBHOOK_EVENT_TYPES } from "@/lib/memory/webhooks/event-types.ts";
import { queryKeys } from "@/lib/queries/keys.ts";
import { useCreateWebhookEndpoint, type WebhookEndpoint, type WebhookEndpointInput } from "@/lib/queries/use-webhooks.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export const EVENT_HELP: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  "memory.created": "a memory was created",
  "memory.modified": "a memory's content or path changed",
  "memory.deleted": "a memory was deleted",
  "memory_store.archived": "a store was archived",
  "memory_store.deleted": "a store was deleted",
  "review.pending": "a memory started awaiting review",
  "memory_version.exposed": "agents had read content a revert, restore, undo or redaction removed",
};

export type WebhookEndpointFormProps = { onCreated: (endpoint: WebhookEndpoint & { secret: string }) => void; onCancel: () => void };

/** Register an endpoint: URL, events, optional store. The server makes the secret and shows it once. */
export function WebhookEndpointForm({ onCreated, onCancel }: WebhookEndpointFormProps) {
  const create = useCreateWebhookEndpoint();
  const params = { limit: 100 };
  const stores = useQuery({ queryKey: queryKeys.stores.list(params), queryFn: () => apiClient.call("listStores", { query: params }) });
  const [events, setEvents] = useState<WebhookEndpointInput["events"]>(["memory.created", "memory.modified", "memory.deleted"]);
  const toggle = (type: WebhookEndpointInput["events"][number]) =>
    setEvents((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const store = String(form.get("store") ?? "");
    create.mutate({ url: String(form.get("url")), events, memory_store_id: store || null }, { onSuccess: onCreated });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {create.error && <ErrorAlert error={create.error} />}
      <Field
        label="URL"
        htmlFor="webhook-url"
        hint="Where events are POSTed. Private and loopback addresses are refused unless WEBHOOK_ALLOWED_NETWORKS allows them."
      >
        <Input id="webhook-url" name="url" type="url" required placeholder="https://example.com/hooks/memory" />
      </Field>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
            <span className="font-mono text-xs">{type}</span> <span className="text-slate-500">— {EVENT_HELP[type]}</span>
          </label>
        ))}
      </fieldset>
      <Field label="Store" htmlFor="webhook-store" hint="Only this store's events, or every store's.">
        <select id="webhook-store" name="store" className="block w-full rounded-md border-0 py-2 text-sm ring-1 ring-inset ring-slate-300">
          <option value="">All stores</option>
          {stores.data?.data.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
      </Field>
      <DialogActions onCancel={onCancel}>
        <Button type="submit" disabled={create.isPending || events.length === 0}>
          {create.isPending ? "Registering…" : "Register endpoint"}
        </Button>
      </DialogActions>
    </form>
  );
}
