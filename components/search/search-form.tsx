"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DateRangeFields, Field, Input, Select } from "@/components/ui/field.tsx";
import { fromLocalInput, toLocalInput } from "@/components/versions/filter-params.ts";
import type { SearchParams } from "@/lib/queries/use-search.ts";
import type { Store } from "@/lib/queries/types.ts";

export type SearchFormProps = { value: SearchParams; stores: Store[]; onApply: (params: SearchParams) => void };

/** The query and its filters; applying puts them in the URL, so a search is a link. */
export function SearchForm({ value, stores, onApply }: SearchFormProps) {
  const [q, setQ] = useState(value.q);
  const [mode, setMode] = useState(value.mode ?? "words");
  const [scope, setScope] = useState(value.scope ?? "memories");
  const [storeIds, setStoreIds] = useState(value.memory_store_id ?? []);
  const [prefix, setPrefix] = useState(value.path_prefix ?? "");
  const [from, setFrom] = useState(toLocalInput(value["created_at[gte]"]));
  const [to, setTo] = useState(toLocalInput(value["created_at[lte]"]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      q,
      mode,
      scope,
      memory_store_id: storeIds,
      path_prefix: prefix.trim() || undefined,
      "created_at[gte]": from === toLocalInput(value["created_at[gte]"]) ? value["created_at[gte]"] : fromLocalInput(from, "from"),
      "created_at[lte]": to === toLocalInput(value["created_at[lte]"]) ? value["created_at[lte]"] : fromLocalInput(to, "to"),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Search" className="grid gap-3 lg:grid-cols-6 lg:items-end">
      <div className="lg:col-span-4">
        <Field label="Search for" htmlFor="search-q">
          <Input id="search-q" value={q} onChange={(e) => setQ(e.target.value)} placeholder="words, or exact text such as sk-ant- or +1 (555)" />
        </Field>
      </div>
      <Field label="Match" htmlFor="search-mode">
        <Select id="search-mode" value={mode} onChange={(e) => setMode(e.target.value as "words" | "exact")}>
          <option value="words">Words (ranked)</option>
          <option value="exact">Exact text</option>
        </Select>
      </Field>
      <Field label="Look in" htmlFor="search-scope">
        <Select id="search-scope" value={scope} onChange={(e) => setScope(e.target.value as "memories" | "versions")}>
          <option value="memories">Current memories</option>
          <option value="versions">All versions (history)</option>
        </Select>
      </Field>
      <div className="lg:col-span-2">
        <Field label="Stores" htmlFor="search-stores" hint="None selected: every store you may read.">
          <Select
            id="search-stores"
            multiple
            size={Math.min(4, Math.max(2, stores.length))}
            value={storeIds}
            onChange={(e) => setStoreIds([...e.target.selectedOptions].map((o) => o.value))}
          >
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
                {store.archived_at ? " (archived)" : ""}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Path prefix" htmlFor="search-prefix">
        <Input id="search-prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} className="font-mono" placeholder="/notes/" />
      </Field>
      <DateRangeFields ids={["search-from", "search-to"]} labels={["Written from", "to (inclusive)"]} from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
