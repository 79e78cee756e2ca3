import { empty, join, sql, type Db, type MemoryStore, type Sql } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { letOthersRun } from "../let-others-run.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";
import { matchesInCode, storeConditions, storeMatches, type StoreSelection } from "./store-selection.ts";

/** What a list of stores can be sorted by: each walks its own index within the workspace (migration 0034). */
export const STORE_SORTS = ["name", "created_at", "last_memory_write_at", "memory_count", "content_bytes"] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/**
 * Where a page ends: the run it is in, the last store's sort value and its id (an id of "": the
 * run's start). Sorted by last write, the stores never written (no value) are a run of their own.
 */
export interface StorePosition {
  run: "values" | "nulls";
  value: string | number | null;
  id: string;
}

export interface FindStoresInput extends StoreSelection {
  limit: number;
  /** Unsorted (the default): newest first by id, as the list of the spec. */
  sort?: StoreSort;
  order?: "asc" | "desc";
  after?: StorePosition;
  /** The request's workspace, and the stores of it a limited key may see. */
  scope: StoreScope;
  now?: Date;
}

/** Stores read per statement: a few milliseconds of the event loop on SQLite. */
const CHUNK = 500;
/** Stores one request looks at; a page that found too few by then ends early with a cursor. */
export const FIND_STORES_BUDGET = 20_000;

/** The sort's column, and the value of it a store holds (as a cursor carries it). */
const SORT_COLUMNS: Record<StoreSort | "id", { column: Sql; nullable: boolean; value(store: MemoryStore): string | number | null }> = {
  id: { column: sql`id`, nullable: false, value: (s) => s.id },
  name: { column: sql`name`, nullable: false, value: (s) => s.name },
  created_at: { column: sql`created_at`, nullable: false, value: (s) => s.createdAt.toISOString() },
  last_memory_write_at: { column: sql`last_memory_write_at`, nullable: true, value: (s) => s.lastMemoryWriteAt?.toISOString() ?? null },
  memory_count: { column: sql`memory_count`, nullable: false, value: (s) => s.memoryCount },
  content_bytes: { column: sql`content_bytes`, nullable: false, value: (s) => s.contentBytes },
};

/**
 * The runs a sort walks, in order. Sorted by a nullable column the stores are walked in two, the
 * written ones by value and id, the never-written ones by id (below every value: last descending,
 * first ascending), so that each run is a plain range of the index and a cursor from either run
 * goes on exactly where it stopped.
 */
function runsOf(sort: StoreSort | "id", descending: boolean): StorePosition["run"][] {
  if (!SORT_COLUMNS[sort].nullable) return ["values"];
  return descending ? ["values", "nulls"] : ["nulls", "values"];
}

/** One chunk's conditions and order: the run's stores after `after`. */
function chunkQuery(sort: StoreSort | "id", descending: boolean, after: StorePosition): { where: Sql[]; order: Sql } {
  const { column, nullable } = SORT_COLUMNS[sort];
  const direction = descending ? sql`DESC` : sql`ASC`;
  const beyond = descending ? sql`<` : sql`>`;
  const fromStart = after.id === "";
  if (after.run === "nulls") {
    return { where: [sql`${column} IS NULL`, ...(fromStart ? [] : [sql`id ${beyond} ${after.id}`])], order: sql`id ${direction}` };
  }
  const where = nullable ? [sql`${column} IS NOT NULL`] : [];
  if (sort === "id") return { where: [...where, ...(fromStart ? [] : [sql`id ${beyond} ${after.id}`])], order: sql`id ${direction}` };
  const value = sort === "created_at" || sort === "last_memory_write_at" ? new Date(after.value as string) : after.value;
  if (!fromStart) where.push(sql`(${column}, id) ${beyond} (${value}, ${after.id})`);
  return { where, order: sql`${column} ${direction}, id ${direction}` };
}

/**
 * Stores of the scope that a selection holds, in the sort's order, `limit` a page. The archived,
 * idle, fill and size parts are conditions of the statement; name and metadata are matched here
 * (storeMatches). Stores are read CHUNK at a time with a yield between, so one request never
 * holds the event loop however many stores there are, and at most FIND_STORES_BUDGET are read
 * per request (then the page ends early and its cursor goes on from the last store read).
 */
export async function findStores(db: Db, input: FindStoresInput): Promise<{ items: MemoryStore[]; next: StorePosition | null }> {
  const sort = input.sort ?? "id";
  const descending = (input.order ?? (input.sort === "name" ? "asc" : "desc")) === "desc";
  const runs = runsOf(sort, descending);
  const fixed = [inStoreScope(input.scope, sql`id`, sql`workspace_id`), ...storeConditions(input, input.now ?? new Date())];
  // Without a name or metadata part every row read is a match: read just the page (and one more to know there is a next).
  const chunk = matchesInCode(input) ? CHUNK : input.limit + 1;
  const items: MemoryStore[] = [];
  let after: StorePosition = input.after && runs.includes(input.after.run) ? input.after : { run: runs[0]!, value: null, id: "" };
  const positionOf = (store: MemoryStore): StorePosition => {
    const value = SORT_COLUMNS[sort].value(store);
    return { run: value === null ? "nulls" : "values", value, id: store.id };
  };
  for (let scanned = 0; ;) {
    const { where, order } = chunkQuery(sort, descending, after);
    const rows = await db.sql.$queryRaw<StoreRow[]>`
      SELECT ${STORE_COLUMNS} FROM memory_stores
      WHERE ${join([...fixed, ...where], " AND ")}
      ORDER BY ${order} LIMIT ${chunk}`;
    scanned += rows.length;
    for (const row of rows) {
      const store = storeFromRow(row);
      if (!storeMatches(store, input)) continue;
      items.push(store);
      if (items.length > input.limit) return { items: items.slice(0, input.limit), next: positionOf(items[input.limit - 1]!) };
    }
    if (rows.length === chunk) {
      after = positionOf(storeFromRow(rows[rows.length - 1]!));
    } else {
      const next = runs[runs.indexOf(after.run) + 1];
      if (next === undefined) return { items, next: null };
      after = { run: next, value: null, id: "" };
    }
    if (scanned >= FIND_STORES_BUDGET) return { items, next: after };
    await letOthersRun();
  }
}

/** Every store of the scope a selection holds, oldest id first, read in chunks (a bulk action's dry run; at most `max` + 1). */
export async function allSelectedStores(db: Db, selection: StoreSelection, scope: StoreScope, max: number, now = new Date()): Promise<MemoryStore[]> {
  const found: MemoryStore[] = [];
  const fixed = [inStoreScope(scope, sql`id`, sql`workspace_id`), ...storeConditions(selection, now)];
  for (let after: string | null = null; ;) {
    const rows: StoreRow[] = await db.sql.$queryRaw<StoreRow[]>`
      SELECT ${STORE_COLUMNS} FROM memory_stores
      WHERE ${join(fixed, " AND ")}${after === null ? empty : sql` AND id > ${after}`}
      ORDER BY id LIMIT ${CHUNK}`;
    for (const store of rows.map(storeFromRow)) if (storeMatches(store, selection)) found.push(store);
    if (found.length > max || rows.length < CHUNK) return found;
    after = rows[rows.length - 1]!.id;
    await letOthersRun();
  }
}
