import { join, type Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import type { DayCounters } from "./daily-series.ts";
import type { WriteChannel } from "./write-channel.ts";

/**
 * Stores whose counters one statement sums. A workspace's counters are many rows (2,000 stores
 * written every day through two channels: 360,000 rows in 90 days), and summing them in one
 * statement held SQLite, and so every other request, for 330 ms (bench/usage.ts); 50 stores'
 * 90 days are about 9,000 rows, a statement of a few milliseconds, with a turn for others
 * between statements (letOthersRun). The work stays linear in the rows summed.
 */
const STORES_PER_STATEMENT = 50;

type Num = number | bigint | string | null;
const n = (value: Num) => Number(value ?? 0);

async function inChunks(ids: readonly string[], read: (chunk: string[]) => Promise<void>) {
  for (let i = 0; i < ids.length; i += STORES_PER_STATEMENT) {
    if (i > 0) await letOthersRun();
    await read(ids.slice(i, i + STORES_PER_STATEMENT));
  }
}

/** The stores' counters per day and channel from `from` on (the stores the caller kept to its scope). */
export async function sumPerDay(db: Db, storeIds: readonly string[], from: string): Promise<DayCounters[]> {
  const sums = new Map<string, DayCounters>();
  await inChunks(storeIds, async (chunk) => {
    const rows = await db.sql.$queryRaw<{ day: string; channel: WriteChannel; versions: Num; memories: Num; bytes: Num }[]>`
      SELECT day, channel, sum(versions) AS versions, sum(memories_delta) AS memories, sum(bytes_delta) AS bytes
      FROM store_usage_days WHERE store_id IN (${join(chunk)}) AND day >= ${from} GROUP BY day, channel`;
    for (const r of rows) {
      const key = `${r.day} ${r.channel}`;
      const sum = sums.get(key) ?? { day: r.day, channel: r.channel, versions: 0, memories: 0, bytes: 0 };
      sum.versions += n(r.versions);
      sum.memories += n(r.memories);
      sum.bytes += n(r.bytes);
      sums.set(key, sum);
    }
  });
  return [...sums.values()];
}

/** What each store's counters add up to from `from` on: net memories, net bytes, versions; stores without counters left out. */
export type Growth = { memories: number; bytes: number; writes: number };

export async function sumPerStore(db: Db, storeIds: readonly string[], from: string): Promise<Map<string, Growth>> {
  const growth = new Map<string, Growth>();
  await inChunks(storeIds, async (chunk) => {
    const rows = await db.sql.$queryRaw<{ store_id: string; memories: Num; bytes: Num; writes: Num }[]>`
      SELECT store_id, sum(memories_delta) AS memories, sum(bytes_delta) AS bytes, sum(versions) AS writes
      FROM store_usage_days WHERE store_id IN (${join(chunk)}) AND day >= ${from} GROUP BY store_id`;
    for (const r of rows) growth.set(r.store_id, { memories: n(r.memories), bytes: n(r.bytes), writes: n(r.writes) });
  });
  return growth;
}
