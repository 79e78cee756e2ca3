import { empty, join, sql, type SqlClient } from "../db.ts";
import { pathConflict } from "../errors.ts";
import { ancestorPaths, folderRange } from "../paths.ts";

/**
 * Two live memories of a store may not overlap: the same path, or one an ancestor of the
 * other (`/notes` and `/notes/todo.md`). Runs under the store lock, so the answer holds until
 * the transaction commits; the unique index on (store_id, path) backs up the same-path case.
 * One statement of two index seeks: equality on the path and its ancestors, and the first
 * path inside it. (Written as one OR, SQLite walked every path of the store instead: ~0.8 ms
 * at 3,700 memories, growing with the store.)
 */
export async function assertPathFree(tx: SqlClient, storeId: string, path: string, exceptMemoryIds: readonly string[] = []) {
  const inside = folderRange(path + "/");
  const except = exceptMemoryIds.length > 0 ? sql`AND id NOT IN (${join(exceptMemoryIds)})` : empty;
  const [hit] = await tx.$queryRaw<{ id: string; path: string }[]>`
    SELECT id, path FROM (
      SELECT id, path FROM memories
      WHERE store_id = ${storeId} AND path IN (${join([path, ...ancestorPaths(path)])}) ${except}
      UNION ALL
      SELECT id, path FROM (
        SELECT id, path FROM memories
        WHERE store_id = ${storeId} AND path >= ${inside.from} AND path < ${inside.to} ${except}
        ORDER BY path LIMIT 1
      ) AS first_inside
    ) AS hits
    ORDER BY path LIMIT 1`;
  if (hit) throw pathConflict(path, hit.path, hit.id);
}
