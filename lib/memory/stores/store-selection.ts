import { sql, type MemoryStore, type Sql } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";

/**
 * Which stores an admin means, as GET /v1/store_search, the stores page and the bulk store
 * actions (archive, delete, the lifecycle sweep) take it: one definition, so that a dry run
 * selects exactly what the list showed.
 */
export interface StoreSelection {
  /** A piece of the name, any case. */
  name?: string;
  /** Metadata pairs the store must all have, values compared exactly. */
  metadata?: readonly (readonly [key: string, value: string])[];
  /** Archived stores: left out (the default), included, or the only ones. */
  archived: "exclude" | "include" | "only";
  /** No memory created, changed or deleted for at least this many days (a store never written counts from its creation). */
  idleDays?: number;
  /** Memories at least this percentage of the 10,000 a store holds. */
  minFillPercent?: number;
  /** Content of at least this many bytes. */
  minContentBytes?: number;
}

const MAX_METADATA_FILTERS = 16;
const DAY_MS = 86_400_000;

/** Checks a filter's pairs (`key:value`, the key up to the first colon) and name. */
export function parseStoreFilter(name: string | undefined, pairs: readonly string[]): Pick<StoreSelection, "name" | "metadata"> {
  if (pairs.length > MAX_METADATA_FILTERS) throw invalidRequest(`metadata: at most ${MAX_METADATA_FILTERS} key:value pairs.`);
  const metadata = pairs.map((pair) => {
    const colon = pair.indexOf(":");
    if (colon < 1) throw invalidRequest("metadata: each filter is key:value (the key is what comes before the first colon).");
    return [pair.slice(0, colon), pair.slice(colon + 1)] as const;
  });
  if (name !== undefined && name.length > LIMITS.storeNameChars) throw invalidRequest("name: at most 255 characters (a store name is no longer).");
  return { name: name === "" ? undefined : name, metadata };
}

/**
 * Whether a store matches the name and metadata of a selection, checked here rather than in SQL
 * so that "any case" folds as JavaScript does on both engines.
 */
export function storeMatches(store: Pick<MemoryStore, "name" | "metadata">, filter: Pick<StoreSelection, "name" | "metadata">): boolean {
  if (filter.name !== undefined && !store.name.toLowerCase().includes(filter.name.toLowerCase())) return false;
  if (!filter.metadata?.length) return true;
  const metadata = JSON.parse(store.metadata) as Record<string, string>;
  return filter.metadata.every(([key, value]) => Object.hasOwn(metadata, key) && metadata[key] === value);
}

/** Whether the selection has parts only storeMatches checks (the rest is in storeConditions' SQL). */
export const matchesInCode = (selection: Pick<StoreSelection, "name" | "metadata">) => selection.name !== undefined || (selection.metadata?.length ?? 0) > 0;

/** The selection's archived, idle, fill and size parts as SQL conditions on `memory_stores`, as of `now`. */
export function storeConditions(selection: StoreSelection, now: Date): Sql[] {
  const conditions: Sql[] = [];
  if (selection.archived === "exclude") conditions.push(sql`archived_at IS NULL`);
  if (selection.archived === "only") conditions.push(sql`archived_at IS NOT NULL`);
  if (selection.idleDays !== undefined) {
    conditions.push(sql`COALESCE(last_memory_write_at, created_at) < ${new Date(now.getTime() - selection.idleDays * DAY_MS)}`);
  }
  if (selection.minFillPercent !== undefined) {
    conditions.push(sql`memory_count >= ${Math.ceil((selection.minFillPercent * LIMITS.memoriesPerStore) / 100)}`);
  }
  if (selection.minContentBytes !== undefined) conditions.push(sql`content_bytes >= ${selection.minContentBytes}`);
  return conditions;
}

/** Whether a store read earlier still belongs to the selection now (a bulk action's check before it acts). */
export function stillSelected(store: MemoryStore, selection: StoreSelection, now: Date): boolean {
  if (!storeMatches(store, selection)) return false;
  if (selection.archived === "exclude" && store.archivedAt !== null) return false;
  if (selection.archived === "only" && store.archivedAt === null) return false;
  const lastWrite = store.lastMemoryWriteAt ?? store.createdAt;
  if (selection.idleDays !== undefined && lastWrite.getTime() >= now.getTime() - selection.idleDays * DAY_MS) return false;
  if (selection.minFillPercent !== undefined && store.memoryCount * 100 < selection.minFillPercent * LIMITS.memoriesPerStore) return false;
  if (selection.minContentBytes !== undefined && store.contentBytes < selection.minContentBytes) return false;
  return true;
}
