import { type Sql, sql, type Db, type MemoryRecord } from "../db.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { versionColumns, type VersionRow } from "../versions/version-rows.ts";
import { CHAIN_COLUMNS, type ChainColumns } from "../integrity/export-chain.ts";

/**
 * An export reads a store a page at a time, each page after the last key seen (keyset
 * pagination on indexed columns), so its memory use is one page whatever the store's size and
 * no read holds the database for long. Pages are separate reads: a write landing during an
 * export shows in the pages read after it. Whole pages are handed out, not rows: an export
 * writes tens of thousands of rows, and a generator step per row (its promises, and the
 * async hooks Next.js keeps on each) cost more than the row's JSON.
 */
const PAGE = 500;

/** One page, in the index's order (on PostgreSQL, read so that the planner walks the index: lib/db/dialects/postgres.ts). */
function page<T>(db: Db, query: Sql): Promise<T[]> {
  return db.dialect.indexOrderPage<T>(db, query);
}

/** Live memories with content, in path (byte) order, a page at a time. */
export async function* memoryPagesInPathOrder(db: Db, storeId: string): AsyncGenerator<MemoryRecord[]> {
  let after = "";
  for (;;) {
    const rows = await page<MemoryRow & { content: string }>(
      db,
      sql`SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = ${storeId} AND path > ${after} ORDER BY path LIMIT ${PAGE}`,
    );
    if (rows.length > 0) yield rows.map((row) => memoryFromRow(row));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.path;
  }
}

/**
 * Every version of the store with content (null when redacted or deleted), oldest first, a page
 * at a time, as rows (version-rows.ts): the export writes each straight as its line.
 */
export async function* versionPagesInOrder(db: Db, storeId: string): AsyncGenerator<(VersionRow & ChainColumns)[]> {
  let after = "";
  for (;;) {
    const rows = await page<VersionRow & ChainColumns & { content: string | null }>(
      db,
      sql`SELECT ${versionColumns(true)}, ${CHAIN_COLUMNS} FROM memory_versions WHERE store_id = ${storeId} AND id > ${after} ORDER BY id LIMIT ${PAGE}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** What the export's check of a history reads of each version: no text, no authors (the driver's cost is per column). */
export type VersionStepRow = Pick<VersionRow, "id" | "memory_id" | "operation" | "path" | "content_size_bytes" | "created_at" | "redacted_at">;

/** Every version of the store as the history check needs it, oldest first, a page at a time. */
export async function* versionStepPages(db: Db, storeId: string): AsyncGenerator<VersionStepRow[]> {
  let after = "";
  for (;;) {
    const rows = await page<VersionStepRow>(
      db,
      sql`SELECT id, memory_id, operation, path, content_size_bytes, created_at, redacted_at FROM memory_versions
        WHERE store_id = ${storeId} AND id > ${after} ORDER BY id LIMIT ${PAGE}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
