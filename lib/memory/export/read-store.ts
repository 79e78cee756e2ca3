import type { Db, MemoryRecord, MemoryVersion } from "../db.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { versionColumns, versionFromRow, type VersionRow } from "../versions/version-rows.ts";

/**
 * An export reads a store a page at a time, each page after the last key seen (keyset
 * pagination on indexed columns), so its memory use is one page whatever the store's size and
 * no read holds the database for long. Pages are separate reads: a write landing during an
 * export shows in the pages read after it.
 */
const PAGE = 200;

/** Live memories with content, in path (byte) order. */
export async function* memoriesInPathOrder(db: Db, storeId: string): AsyncGenerator<MemoryRecord> {
  let after = "";
  for (;;) {
    const rows = await db.sql.$queryRaw<(MemoryRow & { content: string })[]>`
      SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = ${storeId} AND path > ${after} ORDER BY path LIMIT ${PAGE}`;
    for (const row of rows) yield memoryFromRow(row);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.path;
  }
}

/** Every version of the store with content (null when redacted or deleted), oldest first. */
export async function* versionsInOrder(db: Db, storeId: string): AsyncGenerator<MemoryVersion> {
  let after = "";
  for (;;) {
    const rows = await db.sql.$queryRaw<(VersionRow & { content: string | null })[]>`
      SELECT ${versionColumns(true)} FROM memory_versions WHERE store_id = ${storeId} AND id > ${after} ORDER BY id LIMIT ${PAGE}`;
    for (const row of rows) yield versionFromRow(row);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
