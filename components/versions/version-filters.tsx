"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { AnyOptions, DateRangeFields, Field, Input, Select } from "@/components/ui/field.tsx";
import { VERSION_OPERATIONS } from "@/lib/memory/versions/operations.ts";
import type { VersionFilters } from "@/lib/queries/use-versions.ts";
import { useActors } from "@/lib/queries/use-admin.ts";
import { ACTOR_KEYS, actorOf, fromLocalInput, toLocalInput, type ActorKey } from "./filter-params.ts";

export type VersionFilterFormProps = { value: VersionFilters; onApply: (filters: VersionFilters) => void };

/**
 * The API's list filters: operation, actor (a user or API key by name, or a session or service
 * account id), path prefix, memory id, date range. Applying puts them in the URL, so the view is a deep link.
 */
export function VersionFilterForm({ value, onApply }: VersionFilterFormProps) {
  const actors = useActors();
  const initialActor = actorOf(value);
  const [operation, setOperation] = useState(value.operation ?? "");
  const [actorChoice, setActorChoice] = useState(initialActor ? `${initialActor.key}:${isTyped(initialActor.key) ? "" : initialActor.id}` : "");
  const [typedActorId, setTypedActorId] = useState(initialActor && isTyped(initialActor.key) ? initialActor.id : "");
  const [memoryId, setMemoryId] = useState(value.memory_id ?? "");
  const [pathPrefix, setPathPrefix] = useState(value.path_prefix ?? "");
  const [from, setFrom] = useState(toLocalInput(value["created_at[gte]"]));
  const [to, setTo] = useState(toLocalInput(value["created_at[lte]"]));

  const [actorKey, pickedId] = splitChoice(actorChoice);
  const knownIds = new Set([...(actors.data?.users.map((u) => u.id) ?? []), ...(actors.data?.api_keys.map((k) => k.id) ?? [])]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters: VersionFilters = {
      operation: operation || undefined,
      memory_id: memoryId.trim() || undefined,
      path_prefix: pathPrefix.trim() || undefined,
      // An untouched date keeps the URL's exact instant (the input only shows minutes).
      "created_at[gte]": from === toLocalInput(value["created_at[gte]"]) ? value["created_at[gte]"] : fromLocalInput(from, "from"),
      "created_at[lte]": to === toLocalInput(value["created_at[lte]"]) ? value["created_at[lte]"] : fromLocalInput(to, "to"),
    };
    if (actorKey) filters[actorKey] = (isTyped(actorKey) ? typedActorId : pickedId).trim() || undefined;
    onApply(filters);
  };

  return (
    <form onSubmit={submit} aria-label="Filter versions" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <Field label="Operation" htmlFor="filter-operation">
        <Select id="filter-operation" value={operation} onChange={(e) => setOperation(e.target.value)}>
          <AnyOptions values={VERSION_OPERATIONS} />
        </Select>
      </Field>
      <Field label="Actor" htmlFor="filter-actor">
        <Select id="filter-actor" value={actorChoice} onChange={(e) => setActorChoice(e.target.value)}>
          <option value="">Anyone</option>
          {initialActor && !isTyped(initialActor.key) && !knownIds.has(initialActor.id) && (
            <option value={`${initialActor.key}:${initialActor.id}`}>{initialActor.id}</option>
          )}
          <optgroup label="Users">
            {actors.data?.users.map((u) => (
              <option key={u.id} value={`user_id:${u.id}`}>
                {u.email}
              </option>
            ))}
          </optgroup>
          <optgroup label="API keys">
            {actors.data?.api_keys.map((k) => (
              <option key={k.id} value={`api_key_id:${k.id}`}>
                {k.name}
              </option>
            ))}
          </optgroup>
          <optgroup label="By id">
            <option value="session_id:">Session id…</option>
            <option value="service_account_id:">Service account id…</option>
          </optgroup>
        </Select>
      </Field>
      {actorKey && isTyped(actorKey) && (
        <Field label={actorKey === "session_id" ? "Session id" : "Service account id"} htmlFor="filter-actor-id">
          <Input
            id="filter-actor-id"
            value={typedActorId}
            onChange={(e) => setTypedActorId(e.target.value)}
            className="font-mono"
            placeholder={actorKey === "session_id" ? "sesn_…" : "svac_…"}
          />
        </Field>
      )}
      <Field label="Path starts with" htmlFor="filter-path">
        <Input id="filter-path" value={pathPrefix} onChange={(e) => setPathPrefix(e.target.value)} className="font-mono" placeholder="/notes/" />
      </Field>
      <Field label="Memory id" htmlFor="filter-memory">
        <Input id="filter-memory" value={memoryId} onChange={(e) => setMemoryId(e.target.value)} className="font-mono" placeholder="mem_…" />
      </Field>
      <DateRangeFields ids={["filter-from", "filter-to"]} labels={["From", "To (inclusive)"]} from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <div className="flex gap-2 lg:col-span-6">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onApply({})}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

const isTyped = (key: ActorKey) => key === "session_id" || key === "service_account_id";

function splitChoice(choice: string): [ActorKey | null, string] {
  const at = choice.indexOf(":");
  const key = choice.slice(0, at) as ActorKey;
  return ACTOR_KEYS.includes(key) ? [key, choice.slice(at + 1)] : [null, ""];
}
