import { sql, type Db, type MemoryRecord } from "../db.ts";
import { memoryColumns, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";

const DAY_MS = 86_400_000;

/**
 * A store's memories no agent has read for `days` days (and which are at least that old): their
 * last agent read, or their creation when never read, is before then. People reading in the
 * console do not count. In path order, `limit` a page after the path `after`.
 */
export async function listUnreadMemories(
  db: Db,
  input: { storeId: string; days: number; limit: number; after?: string; now?: Date },
): Promise<{ memories: Omit<MemoryRecord, "content">[]; next: string | null }> {
  await assertStoreExists(db.sql, input.storeId);
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.days * DAY_MS);
  const rows = await db.sql.$queryRaw<MemoryRow[]>(sql`
    SELECT ${memoryColumns(false)} FROM memories
    WHERE store_id = ${input.storeId} AND COALESCE(last_read_at, created_at) < ${cutoff}${input.after !== undefined ? sql` AND path > ${input.after}` : sql``}
    ORDER BY path ${db.dialect.byteOrder} LIMIT ${input.limit + 1}`);
  const memories = rows.slice(0, input.limit).map((row) => memoryFromRow(row));
  return { memories, next: rows.length > input.limit ? memories.at(-1)!.path : null };
}
