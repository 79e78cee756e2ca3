import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { flushReads } from "./read-buffer.ts";

/** Read rows per statement: each a few milliseconds, with a yield between (lib/memory/let-others-run.ts). */
const CHUNK = 2_000;

type Row = { id: string; last_read_at: Date | string | number; read_count: number | bigint };

/**
 * Agents' reads of a store in each of `bucketCount` equal slices of [from, to]: the store page
 * draws them beside its writes. Reads are kept aggregated per (version, reader, session,
 * channel) with their first and last time, not one row per read, so a row's count falls in the
 * slice of its last read: a session reading a memory ten times over an hour counts ten at the end
 * of that hour. People reading in the console are not agents and are left out, as they are of
 * `last_read_at`. One walk over the store's read rows on the (store_id, id) index, CHUNK a
 * statement with a yield between, so a store read by thousands of sessions never holds the
 * event loop.
 */
export async function readsOverTime(db: Db, input: { storeId: string; from: Date; to: Date; bucketCount: number }): Promise<number[]> {
  await flushReads(db);
  const start = input.from.getTime();
  const span = Math.max(input.to.getTime() - start, 1);
  const counts = new Array<number>(input.bucketCount).fill(0);
  let after = "";
  for (;;) {
    const rows = await db.sql.$queryRaw<Row[]>`
      SELECT id, last_read_at, read_count FROM memory_reads
      WHERE store_id = ${input.storeId} AND id > ${after} AND reader_type = 'api_key'
      ORDER BY id LIMIT ${CHUNK}`;
    for (const row of rows) {
      const at = new Date(row.last_read_at).getTime();
      if (at < start || at > input.to.getTime()) continue;
      counts[Math.min(input.bucketCount - 1, Math.floor(((at - start) / span) * input.bucketCount))]! += Number(row.read_count);
    }
    if (rows.length < CHUNK) return counts;
    after = rows[rows.length - 1]!.id;
    await letOthersRun();
  }
}
