import { sql, type SqlClient } from "../db.ts";
import { writeLater } from "../write-later.ts";
import type { WriteChannel } from "./write-channel.ts";

/** What one write transaction did to one store: its versions, and what they moved the store's counts by. */
export interface WriteDelta {
  versions: number;
  /** Created minus deleted memories. */
  memories: number;
  /** Bytes of content written minus the bytes of the memory rows they replaced or deleted. */
  bytes: number;
}

/**
 * Adds a write to its store's counters for the day and channel (migration 0036): one statement
 * per write transaction and store, in that transaction, whatever number of versions it wrote.
 * Only this store's writers touch the row, and they already wait for each other on the store's
 * lock, so the upsert adds no contention of its own.
 */
export async function countWrites(tx: SqlClient, storeId: string, day: string, channel: WriteChannel, delta: WriteDelta): Promise<void> {
  await writeLater(
    tx,
    sql`
    INSERT INTO store_usage_days (store_id, day, channel, versions, memories_delta, bytes_delta)
    VALUES (${storeId}, ${day}, ${channel}, ${delta.versions}, ${delta.memories}, ${delta.bytes})
    ON CONFLICT (store_id, day, channel) DO UPDATE SET
      versions = store_usage_days.versions + excluded.versions,
      memories_delta = store_usage_days.memories_delta + excluded.memories_delta,
      bytes_delta = store_usage_days.bytes_delta + excluded.bytes_delta`,
  );
}
