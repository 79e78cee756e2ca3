import { join, sql, type Db, type Sql } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";

/**
 * The Usage page's reads, each kept to the request's stores (`inStoreScope`): the live stores of
 * the scope (`s`, memory_stores) and the deleted ones (`d`, deleted_stores, migration 0036),
 * whose counters still count on the days they were written. Every read walks an index within the
 * workspace; the counters themselves are summed by counter-sums.ts, a few stores at a time.
 */
type Num = number | bigint | string | null;
const n = (value: Num) => Number(value ?? 0);

const liveInScope = (scope: StoreScope) => inStoreScope(scope, sql`s.id`, sql`s.workspace_id`);
const deletedInScope = (scope: StoreScope) => inStoreScope(scope, sql`d.store_id`, sql`d.workspace_id`);

export interface Totals {
  stores: number;
  archivedStores: number;
  memories: number;
  contentBytes: number;
  /** Versions ever written to the stores (each store's history chain length: pruned ones included). */
  versionsWritten: number;
}

export async function readTotals(db: Db, scope: StoreScope): Promise<Totals> {
  const [row] = await db.sql.$queryRaw<Record<"stores" | "archived" | "memories" | "bytes" | "versions", Num>[]>`
    SELECT count(*) AS stores, sum(CASE WHEN s.archived_at IS NULL THEN 0 ELSE 1 END) AS archived,
      sum(s.memory_count) AS memories, sum(s.content_bytes) AS bytes, sum(s.chain_head_seq) AS versions
    FROM memory_stores s WHERE ${liveInScope(scope)}`;
  return {
    stores: n(row!.stores),
    archivedStores: n(row!.archived),
    memories: n(row!.memories),
    contentBytes: n(row!.bytes),
    versionsWritten: n(row!.versions),
  };
}

/** Stores created per day from `from` on, the deleted ones among them. */
export async function readStoresCreated(db: Db, scope: StoreScope, from: Date): Promise<{ day: string; stores: number }[]> {
  const day = (column: Sql) => db.dialect.utcDay(column);
  const rows = await db.sql.$queryRaw<{ day: string; stores: Num }[]>`
    SELECT day, sum(stores) AS stores FROM (
      SELECT ${day(sql`s.created_at`)} AS day, count(*) AS stores FROM memory_stores s
      WHERE ${liveInScope(scope)} AND s.created_at >= ${from} GROUP BY ${day(sql`s.created_at`)}
      UNION ALL
      SELECT ${day(sql`d.created_at`)} AS day, count(*) AS stores FROM deleted_stores d
      WHERE ${deletedInScope(scope)} AND d.created_at >= ${from} GROUP BY ${day(sql`d.created_at`)}
    ) x GROUP BY day`;
  return rows.map((r) => ({ day: r.day, stores: n(r.stores) }));
}

/** Stores deleted per day from `from` on, with the memories and bytes they held. */
export async function readStoresDeleted(db: Db, scope: StoreScope, from: Date): Promise<{ day: string; stores: number; memories: number; bytes: number }[]> {
  const day = db.dialect.utcDay(sql`d.deleted_at`);
  const rows = await db.sql.$queryRaw<{ day: string; stores: Num; memories: Num; bytes: Num }[]>`
    SELECT ${day} AS day, count(*) AS stores, sum(d.memory_count) AS memories, sum(d.content_bytes) AS bytes
    FROM deleted_stores d WHERE ${deletedInScope(scope)} AND d.deleted_at >= ${from} GROUP BY ${day}`;
  return rows.map((r) => ({ day: r.day, stores: n(r.stores), memories: n(r.memories), bytes: n(r.bytes) }));
}

/** A store as the Usage page lists it. */
export interface StoreRow {
  id: string;
  name: string;
  archived: boolean;
  createdAt: Date;
  memoryCount: number;
  contentBytes: number;
}

type StoreColumns = { id: string; name: string; archived_at: unknown; created_at: Date | string; memory_count: Num; content_bytes: Num };
const storeRow = (r: StoreColumns): StoreRow => ({
  id: r.id,
  name: r.name,
  archived: r.archived_at != null,
  createdAt: new Date(r.created_at),
  memoryCount: n(r.memory_count),
  contentBytes: n(r.content_bytes),
});

const STORE_COLUMNS = sql`s.id, s.name, s.archived_at, s.created_at, s.memory_count, s.content_bytes`;

/** The largest stores by content bytes (the (workspace_id, content_bytes, id) index, migration 0034). */
export async function readLargestStores(db: Db, scope: StoreScope, limit: number): Promise<StoreRow[]> {
  const rows = await db.sql.$queryRaw<StoreColumns[]>`
    SELECT ${STORE_COLUMNS} FROM memory_stores s WHERE ${liveInScope(scope)} ORDER BY s.content_bytes DESC, s.id DESC LIMIT ${limit}`;
  return rows.map(storeRow);
}

/** Stores holding at least `minMemories`, fullest first (the (workspace_id, memory_count, id) index). */
export async function readFullestStores(db: Db, scope: StoreScope, minMemories: number, limit: number): Promise<StoreRow[]> {
  const rows = await db.sql.$queryRaw<StoreColumns[]>`
    SELECT ${STORE_COLUMNS} FROM memory_stores s
    WHERE ${liveInScope(scope)} AND s.memory_count >= ${minMemories} ORDER BY s.memory_count DESC, s.id DESC LIMIT ${limit}`;
  return rows.map(storeRow);
}

/** Stores by id (the fastest growing, once their growth picked them), in the scope still. */
export async function readStores(db: Db, scope: StoreScope, ids: readonly string[]): Promise<StoreRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.sql.$queryRaw<StoreColumns[]>`
    SELECT ${STORE_COLUMNS} FROM memory_stores s WHERE ${liveInScope(scope)} AND s.id IN (${join([...ids])})`;
  return rows.map(storeRow);
}

/**
 * The ids of the scope's stores whose counters a report sums: the live ones, and those deleted
 * since `deletedSince` (their counters still count on the days they were written).
 */
export async function readStoreIds(db: Db, scope: StoreScope, deletedSince: Date): Promise<{ live: string[]; deleted: string[] }> {
  const live = await db.sql.$queryRaw<{ id: string }[]>`SELECT s.id FROM memory_stores s WHERE ${liveInScope(scope)}`;
  const deleted = await db.sql.$queryRaw<{ id: string }[]>`
    SELECT d.store_id AS id FROM deleted_stores d WHERE ${deletedInScope(scope)} AND d.deleted_at >= ${deletedSince}`;
  return { live: live.map((r) => r.id), deleted: deleted.map((r) => r.id) };
}

/** The first day the counters kept levels (migration 0036 wrote it); null on a database that never ran it. */
export async function readCountedSince(db: Db): Promise<string | null> {
  const [row] = await db.sql.$queryRaw<{ value: string }[]>`SELECT value FROM app_settings WHERE key = 'usage_counted_since'`;
  return row?.value ?? null;
}
