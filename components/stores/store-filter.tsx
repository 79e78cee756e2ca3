"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import { useInfiniteQuery } from "@tanstack/react-query";
import { isFiltering, storeFilterOf, storeListingQuery, type StoreFilter } from "@/lib/queries/page-queries.ts";

/** The stores page's filter lives in its URL: `/stores?q=acme&meta=customer:acme&meta=tier:gold`. */
export function useStoreFilter(): [StoreFilter, (filter: StoreFilter) => void] {
  const params = useSearchParams();
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const filter = storeFilterOf(new URLSearchParams(params.toString()));
  const apply = (next: StoreFilter) => {
    const query = new URLSearchParams();
    if (next.name.trim()) query.set("q", next.name.trim());
    for (const pair of next.metadata) query.append("meta", pair);
    const qs = query.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname);
  };
  return [filter, apply];
}

/** The stores to list: every store, or with a filter those GET /v1/store_search finds. */
export function useStoreListing({ includeArchived, filter }: { includeArchived: boolean; filter: StoreFilter }) {
  return useInfiniteQuery(storeListingQuery(includeArchived, filter));
}

export type StoreFilterFormProps = { value: StoreFilter; onApply: (filter: StoreFilter) => void };

/** Name (any part, any case) and metadata key:value pairs, all of which must match. */
export function StoreFilterForm({ value, onApply }: StoreFilterFormProps) {
  const [name, setName] = useState(value.name);
  const [pairs, setPairs] = useState(value.metadata);
  const [pair, setPair] = useState("");
  const pairError = pair !== "" && pair.indexOf(":") < 1 ? "Write key:value (the key ends at the first colon)." : null;
  const withPair = () => (pair !== "" && !pairError && !pairs.includes(pair) ? [...pairs, pair] : pairs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pairError) return;
    const metadata = withPair();
    setPairs(metadata);
    setPair("");
    onApply({ name, metadata });
  };
  const clear = () => {
    setName("");
    setPairs([]);
    setPair("");
    onApply({ name: "", metadata: [] });
  };
  const remove = (gone: string) => {
    const metadata = pairs.filter((p) => p !== gone);
    setPairs(metadata);
    onApply({ name, metadata });
  };

  return (
    <form onSubmit={submit} aria-label="Find stores" className="mb-3 grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start">
      <Field label="Name contains" htmlFor="store-filter-name">
        <Input id="store-filter-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="acme" />
      </Field>
      <Field label="Metadata" htmlFor="store-filter-meta" hint="key:value, then Enter; every pair must match." error={pairError}>
        <Input id="store-filter-meta" value={pair} onChange={(e) => setPair(e.target.value)} className="font-mono" placeholder="customer:acme" />
      </Field>
      <div className="flex gap-2 md:pt-7">
        <Button type="submit">Find</Button>
        {isFiltering(value) && (
          <Button variant="secondary" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
      {pairs.length > 0 && (
        <ul aria-label="Metadata filters" className="flex flex-wrap gap-2 md:col-span-3">
          {pairs.map((p) => (
            <li key={p} className="flex items-center gap-1 rounded-full bg-indigo-50 px-3 py-1 font-mono text-xs text-indigo-800">
              {p}
              <button type="button" aria-label={`Remove ${p}`} className="ml-1 text-indigo-500 hover:text-indigo-900" onClick={() => remove(p)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
