import { sql, type Db } from "../db.ts";
import { assertAnswerable } from "../time-travel/answerable-moment.ts";

/** What a store held at a moment: its live memories then and their content's size. */
export interface StoreTotals {
  storeId: string;
  at: Date;
  memoryCount: number;
  /** The bytes of the memories live then, except the redacted ones (their size is gone). */
  contentSizeBytes: number;
  /** Memories live then whose version of then has been redacted since: counted, their size unknown. */
  redactedCount: number;
}

type Row = {
  unchanged: number | bigint;
  unchanged_bytes: number | bigint | null;
  then_count: number | bigint;
  then_bytes: number | bigint | null;
  redacted: number | bigint;
};

/**
 * The store's memory count and size as of `at`, from versions alone, as the as-of listing
 * (lib/memory/time-travel) derives the store then: a live memory not written since `at` is as it
 * was then (its row says so: `updated_at` is its head version's time), and each memory written
 * since that was live then is its version then, the predecessor of its first version after
 * `at` (the window index of migration 0028). So it costs a count of the store's live memories
 * plus one index entry per memory changed since, never a walk of the whole history. One
 * statement, so a write meanwhile is either wholly in it or wholly not.
 */
export async function storeTotalsAt(db: Db, input: { storeId: string; at: Date }): Promise<StoreTotals> {
  const { storeId, at } = input;
  await assertAnswerable(db.sql, storeId, at, "as_of");
  const [row] = await db.sql.$queryRaw<Row[]>(sql`
    WITH then_heads AS (
      SELECT p.content_size_bytes AS size, p.redacted_at AS redacted_at
      FROM memory_versions n JOIN memory_versions p ON p.id = n.previous_id
      WHERE n.store_id = ${storeId} AND n.created_at > ${at} AND n.previous_created_at <= ${at} AND p.operation <> 'deleted'
    ), unchanged AS (
      SELECT content_size_bytes AS size FROM memories WHERE store_id = ${storeId} AND updated_at <= ${at}
    )
    SELECT (SELECT count(*) FROM unchanged) AS unchanged, (SELECT sum(size) FROM unchanged) AS unchanged_bytes,
      (SELECT count(*) FROM then_heads) AS then_count, (SELECT sum(size) FROM then_heads WHERE redacted_at IS NULL) AS then_bytes,
      (SELECT count(*) FROM then_heads WHERE redacted_at IS NOT NULL) AS redacted`);
  return {
    storeId,
    at,
    memoryCount: Number(row!.unchanged) + Number(row!.then_count),
    contentSizeBytes: Number(row!.unchanged_bytes ?? 0) + Number(row!.then_bytes ?? 0),
    redactedCount: Number(row!.redacted),
  };
}
