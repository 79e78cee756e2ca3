"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Field, Input, Select } from "@/components/ui/field.tsx";
import { useInfiniteQuery } from "@tanstack/react-query";
import { isFiltering, storeFilterOf, storeFilterQuery, storeListingQuery, type StoreFilter } from "@/lib/queries/page-queries.ts";

/** The stores page's listing lives in its URL (page-queries.ts `storeFilterOf`): a link or a reload shows the same stores. */
export function useStoreFilter(): [StoreFilter, (filter: StoreFilter) => void] {
  const params = useSearchParams();
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const filter = storeFilterOf(new URLSearchParams(params.toString()));
  const apply = (next: StoreFilter) => {
    const qs = storeFilterQuery(next).toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname);
  };
  return [filter, apply];
}

/** The stores to list: every store, or with a filter or sort those GET /v1/store_search finds. */
export function useStoreListing(filter: StoreFilter) {
  return useInfiniteQuery(storeListingQuery(filter));
}

export type StoreFilterFormProps = { value: StoreFilter; onApply: (filter: StoreFilter) => void };

// As formatBytes writes sizes: a kB of 1,024 bytes.
const KB = 1024;
/** A whole number typed in a filter field, or undefined for an empty one; NaN for anything else. */
const typedNumber = (text: string) => (text.trim() === "" ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
const shown = (n: number | undefined, unit = 1) => (n === undefined ? "" : String(Math.round(n / unit)));

/**
 * Name (any part, any case), metadata key:value pairs (all must match), and the fleet's filters:
 * status, idle for N days, N % full, at least N kB. Each filter is a field of GET /v1/store_search.
 */
export function StoreFilterForm({ value, onApply }: StoreFilterFormProps) {
  const [name, setName] = useState(value.name);
  const [pairs, setPairs] = useState(value.metadata);
  const [pair, setPair] = useState("");
  const [idle, setIdle] = useState(shown(value.idleDays));
  const [fill, setFill] = useState(shown(value.minFillPercent));
  const [size, setSize] = useState(shown(value.minContentBytes, KB));
  const pairError = pair !== "" && pair.indexOf(":") < 1 ? "Write key:value (the key ends at the first colon)." : null;
  const idleDays = typedNumber(idle);
  const fillPercent = typedNumber(fill);
  const sizeKb = typedNumber(size);
  const idleError = Number.isNaN(idleDays) || (idleDays ?? 0) > 36_500 ? "A whole number of days." : null;
  const fillError = Number.isNaN(fillPercent) || (fillPercent ?? 0) > 100 ? "A whole percentage, 0 to 100." : null;
  const sizeError = Number.isNaN(sizeKb) ? "A whole number of kB." : null;
  const fleetFiltered = value.idleDays !== undefined || value.minFillPercent !== undefined || value.minContentBytes !== undefined;
  const withPair = () => (pair !== "" && !pairError && !pairs.includes(pair) ? [...pairs, pair] : pairs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pairError || idleError || fillError || sizeError) return;
    const metadata = withPair();
    setPairs(metadata);
    setPair("");
    onApply({ ...value, name, metadata, idleDays, minFillPercent: fillPercent, minContentBytes: sizeKb === undefined ? undefined : sizeKb * KB });
  };
  const clear = () => {
    setName("");
    setPairs([]);
    setPair("");
    setIdle("");
    setFill("");
    setSize("");
    onApply({ name: "", metadata: [], sort: value.sort, order: value.order });
  };
  const remove = (gone: string) => {
    const metadata = pairs.filter((p) => p !== gone);
    setPairs(metadata);
    onApply({ ...value, metadata });
  };

  return (
    <form onSubmit={submit} aria-label="Find stores" className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
      <Field label="Name contains" htmlFor="store-filter-name">
        <Input id="store-filter-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="acme" />
      </Field>
      <Field label="Metadata" htmlFor="store-filter-meta" hint="key:value, then Enter; every pair must match." error={pairError}>
        <Input id="store-filter-meta" value={pair} onChange={(e) => setPair(e.target.value)} className="font-mono" placeholder="customer:acme" />
      </Field>
      <Field label="Status" htmlFor="store-filter-status">
        <Select
          id="store-filter-status"
          value={value.archived ?? "active"}
          onChange={(e) => onApply({ ...value, archived: e.target.value === "active" ? undefined : (e.target.value as "include" | "only") })}
        >
          <option value="active">Active stores</option>
          <option value="include">Active and archived</option>
          <option value="only">Archived only</option>
        </Select>
      </Field>
      <Field label="Sort by" htmlFor="store-filter-sort">
        <Select id="store-filter-sort" value={sortValue(value)} onChange={(e) => onApply({ ...value, ...sortOf(e.target.value) })}>
          {SORT_CHOICES.map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <details open={fleetFiltered} className="group sm:col-span-2 lg:col-span-4 [&[open]>summary]:mb-3" data-testid="more-store-filters">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">
          Idle, full and size filters{fleetFiltered ? " (in use)" : ""}
        </summary>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Idle for at least (days)" htmlFor="store-filter-idle" hint="No memory written for that long." error={idleError}>
            <Input id="store-filter-idle" inputMode="numeric" value={idle} onChange={(e) => setIdle(e.target.value)} placeholder="180" />
          </Field>
          <Field label="Full to at least (%)" htmlFor="store-filter-fill" hint="Of the 10,000 memories a store holds." error={fillError}>
            <Input id="store-filter-fill" inputMode="numeric" value={fill} onChange={(e) => setFill(e.target.value)} placeholder="90" />
          </Field>
          <Field label="Size at least (kB)" htmlFor="store-filter-size" error={sizeError}>
            <Input id="store-filter-size" inputMode="numeric" value={size} onChange={(e) => setSize(e.target.value)} placeholder="1000" />
          </Field>
        </div>
      </details>
      <div className="flex gap-2">
        <Button type="submit">Find</Button>
        {isFiltering(value) && (
          <Button variant="secondary" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
      {pairs.length > 0 && (
        <ul aria-label="Metadata filters" className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
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

/** The sort select's choices: a field and its direction, in the words an admin uses. */
const SORT_CHOICES = [
  ["", "Newest first"],
  ["name:asc", "Name, A to Z"],
  ["name:desc", "Name, Z to A"],
  ["last_memory_write_at:desc", "Last write, latest first"],
  ["last_memory_write_at:asc", "Last write, longest idle first"],
  ["memory_count:desc", "Most memories"],
  ["memory_count:asc", "Fewest memories"],
  ["content_bytes:desc", "Largest"],
  ["content_bytes:asc", "Smallest"],
  ["created_at:asc", "Oldest first"],
] as const;

function sortValue(filter: StoreFilter): string {
  if (!filter.sort) return "";
  const order = filter.order ?? (filter.sort === "name" ? "asc" : "desc");
  if (filter.sort === "created_at" && order === "desc") return "";
  return `${filter.sort}:${order}`;
}

function sortOf(choice: string): Pick<StoreFilter, "sort" | "order"> {
  if (choice === "") return { sort: undefined, order: undefined };
  const [sort, order] = choice.split(":") as [NonNullable<StoreFilter["sort"]>, "asc" | "desc"];
  return { sort, order };
}
