import { join, sql, type Db, type MemoryStore } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { invalidRequest } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";

export interface StoreFilter {
  /** A piece of the name, any case. */
  name?: string;
  /** Metadata pairs the store must all have, values compared exactly. */
  metadata?: readonly (readonly [key: string, value: string])[];
  includeArchived: boolean;
  /** The request's workspace, and the stores of it a limited key may see. */
  scope: StoreScope;
}

export interface FindStoresInput extends StoreFilter {
  limit: number;
  /** Continue below this store id (newest first). */
  afterId?: string;
}

/** Stores read per statement: a few milliseconds of the event loop on SQLite. */
const CHUNK = 500;
/** Stores one request looks at; a page that found too few by then ends early with a cursor. */
export const FIND_STORES_BUDGET = 20_000;
export const MAX_METADATA_FILTERS = 16;

/** Checks a filter's pairs (`key:value`, the key up to the first colon) and name. */
export function parseStoreFilter(name: string | undefined, pairs: readonly string[]): Pick<StoreFilter, "name" | "metadata"> {
  if (pairs.length > MAX_METADATA_FILTERS) throw invalidRequest(`metadata: at most ${MAX_METADATA_FILTERS} key:value pairs.`);
  const metadata = pairs.map((pair) => {
    const colon = pair.indexOf(":");
    if (colon < 1) throw invalidRequest("metadata: each filter is key:value (the key is what comes before the first colon).");
    return [pair.slice(0, colon), pair.slice(colon + 1)] as const;
  });
  if (name !== undefined && name.length > 255) throw invalidRequest("name: at most 255 characters (a store name is no longer).");
  return { name: name === "" ? undefined : name, metadata };
}

/** Whether a store matches the name and metadata of a filter: the one rule, for the list and for bulk deletes. */
export function storeMatches(store: Pick<MemoryStore, "name" | "metadata">, filter: Pick<StoreFilter, "name" | "metadata">): boolean {
  if (filter.name !== undefined && !store.name.toLowerCase().includes(filter.name.toLowerCase())) return false;
  if (!filter.metadata?.length) return true;
  const metadata = JSON.parse(store.metadata) as Record<string, string>;
  return filter.metadata.every(([key, value]) => Object.hasOwn(metadata, key) && metadata[key] === value);
}

/**
 * Stores newest first whose name contains `name` (ignoring case, as JavaScript folds it) and
 * whose metadata holds every pair. Works on both engines alike: stores are read in chunks of
 * CHUNK by id, with a yield between, and matched here, so one request never holds the event
 * loop however many stores there are, and at most FIND_STORES_BUDGET are read per request
 * (then the page ends early and its cursor goes on from the last store read).
 */
export async function findStores(db: Db, input: FindStoresInput): Promise<{ items: MemoryStore[]; nextAfterId: string | null }> {
  const items: MemoryStore[] = [];
  let after = input.afterId;
  for (let scanned = 0; ;) {
    const where = [
      inStoreScope(input.scope, sql`id`, sql`workspace_id`),
      ...(input.includeArchived ? [] : [sql`archived_at IS NULL`]),
      ...(after ? [sql`id < ${after}`] : []),
    ];
    const rows = await db.sql.$queryRaw<StoreRow[]>`
      SELECT ${STORE_COLUMNS} FROM memory_stores
      WHERE ${join(where, " AND ")}
      ORDER BY id DESC LIMIT ${CHUNK}`;
    scanned += rows.length;
    for (const row of rows) {
      const store = storeFromRow(row);
      if (!storeMatches(store, input)) continue;
      items.push(store);
      if (items.length > input.limit) return { items: items.slice(0, input.limit), nextAfterId: items[input.limit - 1]!.id };
    }
    if (rows.length < CHUNK) return { items, nextAfterId: null };
    after = rows[rows.length - 1]!.id;
    if (scanned >= FIND_STORES_BUDGET) return { items, nextAfterId: after };
    await letOthersRun();
  }
}
