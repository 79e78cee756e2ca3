import type { SqlClient } from "../db.ts";

/**
 * How far back a path is looked for among a store's versions when no live memory has it: the
 * versions table has no path index, so the search is bounded to the newest this many versions
 * of the store (one index range, then a filter) rather than a scan of all history.
 */
export const RECENT_VERSIONS_SEARCHED = 5_000;

/**
 * The memory a path names: the live memory at that path, else the memory whose version among
 * the store's RECENT_VERSIONS_SEARCHED newest had that path last (deleted, or renamed away);
 * null when neither is found. `path` is a validated memory path.
 */
export async function memoryAtPath(client: SqlClient, storeId: string, path: string): Promise<{ memoryId: string; live: boolean } | null> {
  const [live] = await client.$queryRaw<{ id: string }[]>`SELECT id FROM memories WHERE store_id = ${storeId} AND path = ${path}`;
  if (live) return { memoryId: live.id, live: true };
  const [past] = await client.$queryRaw<{ memory_id: string }[]>`
    SELECT memory_id FROM (
      SELECT id, memory_id, path FROM memory_versions WHERE store_id = ${storeId} ORDER BY id DESC LIMIT ${RECENT_VERSIONS_SEARCHED}
    ) recent
    WHERE path = ${path} ORDER BY id DESC LIMIT 1`;
  return past ? { memoryId: past.memory_id, live: false } : null;
}
