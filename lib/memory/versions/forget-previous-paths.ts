import type { Sql, SqlClient } from "../db.ts";

/**
 * The version after each of `versions` (a statement with `store_id`, `memory_id` and `id`
 * columns) forgets its copy of that one's path (`previous_path`, migration 0028): a redaction or
 * a pruning takes the path from there too. That one is its memory's next version by id (each
 * version follows the one before it: the write path's order), found by one seek of the
 * (store_id, memory_id, id) index, not by a scan for `previous_id`.
 */
export async function forgetPreviousPaths(tx: SqlClient, versions: Sql): Promise<void> {
  await tx.$executeRaw`
    UPDATE memory_versions SET previous_path = NULL WHERE previous_path IS NOT NULL AND id IN (
      SELECT (SELECT min(s.id) FROM memory_versions s WHERE s.store_id = g.store_id AND s.memory_id = g.memory_id AND s.id > g.id)
      FROM (${versions}) g)`;
}
