import { z } from "zod";
import { STORE_SORTS, type StorePosition, type StoreSort } from "../memory/stores/find-stores.ts";
import { invalidRequest } from "../memory/errors.ts";
import type { StoreSelection } from "../memory/stores/store-selection.ts";
import { listStoresQuery } from "./schemas.ts";

const wholeNumber = (max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(0)
        .max(max, `must be at most ${max.toLocaleString("en-US")} ${what}`),
    );

/**
 * The fleet's filters of a stores selection (issue 43), shared by GET /v1/store_search and the
 * bulk store actions' `filter`: idle for N days, filled to N % of the 10,000 memories a store
 * holds, at least N bytes, archived or not.
 */
export const storeSelectionFields = {
  idle_days: wholeNumber(36_500, "days").optional().meta({
    description: "Only stores with no memory created, changed or deleted for at least this many days (a store never written counts from its creation).",
  }),
  min_fill_percent: wholeNumber(100, "percent")
    .optional()
    .meta({ description: "Only stores whose memories are at least this percentage of the 10,000 a store holds." }),
  min_content_bytes: wholeNumber(Number.MAX_SAFE_INTEGER, "bytes")
    .optional()
    .meta({ description: "Only stores whose live memories hold at least this many bytes." }),
};

/**
 * GET /v1/store_search (this project's extension; the hosted list, GET /v1/memory_stores, gets
 * no new parameters): the stores list's own parameters plus the filter and a sort. `metadata`
 * repeats, one `key:value` pair each (the key ends at the first colon).
 */
export const storeSearchQuery = listStoresQuery.pick({ include_archived: true, limit: true, page: true }).extend({
  name: z.string().optional().meta({ description: "A piece of the store's name, any case." }),
  metadata: z.string().optional().meta({ description: "key:value; repeat it for several pairs, all of which must match." }),
  archived: z
    .enum(["true", "false"], "must be true or false")
    .optional()
    .meta({ description: "true: only archived stores; false: only active ones. Unset: include_archived decides (default: active only)." }),
  sort: z.enum(STORE_SORTS).optional().meta({ description: "Sort by this field (each has its own index). Unset: newest first, as the list." }),
  order: z.enum(["asc", "desc"]).optional().meta({ description: "Default: asc for name, desc for the rest." }),
  ...storeSelectionFields,
});

/** The archived part of a selection: `archived` if given, else `include_archived` (default: active only). */
export function archivedOf(archived: "true" | "false" | undefined, includeArchived: boolean | undefined): StoreSelection["archived"] {
  if (archived !== undefined && includeArchived !== undefined) throw invalidRequest("archived and include_archived: give one of them.");
  if (archived === "true") return "only";
  if (archived === "false") return "exclude";
  return includeArchived ? "include" : "exclude";
}

export type StoreCursor = { for: string; run: string; value: string | number; id: string };

/** Where a cursor says the next page starts, its value checked against the sort (a forged one never reaches the database). */
export function cursorPosition(cursor: StoreCursor, sort: StoreSort | undefined): StorePosition {
  const forged = () => invalidRequest("page: not a page cursor returned by this API.");
  if (cursor.run === "nulls") return { run: "nulls", value: null, id: cursor.id };
  if (cursor.run !== "values") throw forged();
  // The start of the run of written stores (a page that ran out of its budget just as the run of never-written ones ended).
  if (cursor.id === "") return { run: "values", value: null, id: "" };
  const numeric = sort === "memory_count" || sort === "content_bytes";
  if (numeric !== (typeof cursor.value === "number")) throw forged();
  if ((sort === "created_at" || sort === "last_memory_write_at") && Number.isNaN(Date.parse(cursor.value as string))) throw forged();
  return { run: "values", value: cursor.value, id: cursor.id };
}
