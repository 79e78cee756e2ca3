import { sql, type Db, type Sql } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import type { DayCounters } from "./daily-series.ts";
import type { WriteChannel } from "./write-channel.ts";

/**
 * The Usage page's reads, each kept to the request's stores (`inStoreScope`): the live stores of
 * the scope (`s`, memory_stores) and the deleted ones (`d`, store_deletions, migration 0036),
 * whose counters still count on the days they were written. Every read walks an index within the
 * workspace: store_usage_days by its key (store_id, day, channel), one seek per store.
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

/** The counters per day and channel from `from` on, live and deleted stores together. */
export async function readDayCounters(db: Db, scope: StoreScope, from: string, fromMoment: Date): Promise<DayCounters[]> {
  const columns = sql`u.day, u.channel, u.versions, u.memories_delta, u.bytes_delta`;
  const rows = await db.sql.$queryRaw<{ day: string; channel: WriteChannel; versions: Num; memories: Num; bytes: Num }[]>`
    SELECT day, channel, sum(versions) AS versions, sum(memories_delta) AS memories, sum(bytes_delta) AS bytes FROM (
      SELECT ${columns} FROM memory_stores s JOIN store_usage_days u ON u.store_id = s.id
      WHERE ${liveInScope(scope)} AND u.day >= ${from}
      UNION ALL
      SELECT ${columns} FROM store_deletions d JOIN store_usage_days u ON u.store_id = d.store_id
      WHERE ${deletedInScope(scope)} AND d.deleted_at >= ${fromMoment} AND u.day >= ${from}
    ) x GROUP BY day, channel`;
  return rows.map((r) => ({ day: r.day, channel: r.channel, versions: n(r.versions), memories: n(r.memories), bytes: n(r.bytes) }));
}

/** Stores created per day from `from` on, the deleted ones among them. */
export async function readStoresCreated(db: Db, scope: StoreScope, from: Date): Promise<{ day: string; stores: number }[]> {
  const day = (column: Sql) => db.dialect.utcDay(column);
  const rows = await db.sql.$queryRaw<{ day: string; stores: Num }[]>`
    SELECT day, sum(stores) AS stores FROM (
      SELECT ${day(sql`s.created_at`)} AS day, count(*) AS stores FROM memory_stores s
      WHERE ${liveInScope(scope)} AND s.created_at >= ${from} GROUP BY ${day(sql`s.created_at`)}
      UNION ALL
      SELECT ${day(sql`d.created_at`)} AS day, count(*) AS stores FROM store_deletions d
      WHERE ${deletedInScope(scope)} AND d.created_at >= ${from} GROUP BY ${day(sql`d.created_at`)}
    ) x GROUP BY day`;
  return rows.map((r) => ({ day: r.day, stores: n(r.stores) }));
}

/** Stores deleted per day from `from` on, with the memories and bytes they held. */
export async function readStoresDeleted(db: Db, scope: StoreScope, from: Date): Promise<{ day: string; stores: number; memories: number; bytes: number }[]> {
  const day = db.dialect.utcDay(sql`d.deleted_at`);
  const rows = await db.sql.$queryRaw<{ day: string; stores: Num; memories: Num; bytes: Num }[]>`
    SELECT ${day} AS day, count(*) AS stores, sum(d.memory_count) AS memories, sum(d.content_bytes) AS bytes
    FROM store_deletions d WHERE ${deletedInScope(scope)} AND d.deleted_at >= ${from} GROUP BY ${day}`;
  return rows.map((r) => ({ day: r.day, stores: n(r.stores), memories: n(r.memories), bytes: n(r.bytes) }));
}

/** A store as the Usage page lists it, with its growth since `growthFrom`. */
export interface StoreUsageRow {
  id: string;
  name: string;
  archived: boolean;
  createdAt: Date;
  memoryCount: number;
  contentBytes: number;
  growth: { memories: number; bytes: number; writes: number };
}

type StoreRow = {
  id: string;
  name: string;
  archived_at: unknown;
  created_at: Date | string;
  memory_count: Num;
  content_bytes: Num;
  memories: Num;
  bytes: Num;
  writes: Num;
};
const storeUsage = (r: StoreRow): StoreUsageRow => ({
  id: r.id,
  name: r.name,
  archived: r.archived_at != null,
  createdAt: new Date(r.created_at),
  memoryCount: n(r.memory_count),
  contentBytes: n(r.content_bytes),
  growth: { memories: n(r.memories), bytes: n(r.bytes), writes: n(r.writes) },
});

const STORE_COLUMNS = sql`s.id, s.name, s.archived_at, s.created_at, s.memory_count, s.content_bytes`;
const growthOf = (from: string) => sql`
  (SELECT sum(u.memories_delta) FROM store_usage_days u WHERE u.store_id = s.id AND u.day >= ${from}) AS memories,
  (SELECT sum(u.bytes_delta) FROM store_usage_days u WHERE u.store_id = s.id AND u.day >= ${from}) AS bytes,
  (SELECT sum(u.versions) FROM store_usage_days u WHERE u.store_id = s.id AND u.day >= ${from}) AS writes`;

/** The largest stores by content bytes (the (workspace_id, content_bytes, id) index, migration 0034). */
export async function readLargestStores(db: Db, scope: StoreScope, growthFrom: string, limit: number): Promise<StoreUsageRow[]> {
  const rows = await db.sql.$queryRaw<StoreRow[]>`
    SELECT ${STORE_COLUMNS}, ${growthOf(growthFrom)} FROM memory_stores s
    WHERE ${liveInScope(scope)} ORDER BY s.content_bytes DESC, s.id DESC LIMIT ${limit}`;
  return rows.map(storeUsage);
}

/** Stores holding at least `minMemories`, fullest first (the (workspace_id, memory_count, id) index). */
export async function readFullestStores(db: Db, scope: StoreScope, growthFrom: string, minMemories: number, limit: number): Promise<StoreUsageRow[]> {
  const rows = await db.sql.$queryRaw<StoreRow[]>`
    SELECT ${STORE_COLUMNS}, ${growthOf(growthFrom)} FROM memory_stores s
    WHERE ${liveInScope(scope)} AND s.memory_count >= ${minMemories} ORDER BY s.memory_count DESC, s.id DESC LIMIT ${limit}`;
  return rows.map(storeUsage);
}

/** The stores that gained the most memories since `growthFrom` (then bytes): only stores that grew. */
export async function readFastestGrowing(db: Db, scope: StoreScope, growthFrom: string, limit: number): Promise<StoreUsageRow[]> {
  const rows = await db.sql.$queryRaw<StoreRow[]>`
    SELECT ${STORE_COLUMNS}, g.memories, g.bytes, g.writes FROM (
      SELECT u.store_id, sum(u.memories_delta) AS memories, sum(u.bytes_delta) AS bytes, sum(u.versions) AS writes
      FROM memory_stores s JOIN store_usage_days u ON u.store_id = s.id
      WHERE ${liveInScope(scope)} AND u.day >= ${growthFrom} GROUP BY u.store_id
    ) g JOIN memory_stores s ON s.id = g.store_id
    WHERE g.memories > 0 OR (g.memories = 0 AND g.bytes > 0)
    ORDER BY g.memories DESC, g.bytes DESC, s.id DESC LIMIT ${limit}`;
  return rows.map(storeUsage);
}

/** The first day the counters kept levels (migration 0036 wrote it); null on a database that never ran it. */
export async function readCountedSince(db: Db): Promise<string | null> {
  const [row] = await db.sql.$queryRaw<{ value: string }[]>`SELECT value FROM app_settings WHERE key = 'usage_counted_since'`;
  return row?.value ?? null;
}
