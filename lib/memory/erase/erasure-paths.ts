import { join, type SqlClient } from "../db.ts";
import type { ErasureItem } from "./erasure-rows.ts";

/** Memories looked up per statement. */
const PAGE = 500;

/**
 * The items with their memory's path, as it reads now: the live memory's, or for a deleted one
 * the path of its newest version that still has one. Read, never stored: what an erase redacted
 * (a path that held the text) has no path left to show, and a report keeps none of it.
 */
export async function withPaths(client: SqlClient, items: ErasureItem[]): Promise<ErasureItem[]> {
  const memoryIds = [...new Set(items.map((i) => i.memoryId))];
  const paths = new Map<string, string | null>();
  for (let at = 0; at < memoryIds.length; at += PAGE) {
    const ids = join(memoryIds.slice(at, at + PAGE));
    const live = await client.$queryRaw<{ id: string; path: string }[]>`SELECT id, path FROM memories WHERE id IN (${ids})`;
    for (const row of live) paths.set(row.id, row.path);
    const gone = memoryIds.slice(at, at + PAGE).filter((id) => !paths.has(id));
    if (gone.length === 0) continue;
    const last = await client.$queryRaw<{ memory_id: string; path: string }[]>`
      SELECT memory_id, path FROM memory_versions
      WHERE memory_id IN (${join(gone)}) AND path IS NOT NULL AND redacted_at IS NULL
      ORDER BY id DESC`;
    for (const row of last) if (!paths.has(row.memory_id)) paths.set(row.memory_id, row.path);
  }
  return items.map((item) => ({ ...item, path: paths.get(item.memoryId) ?? null }));
}
