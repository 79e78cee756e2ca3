import type { MemoryRecord, SqlClient } from "../db.ts";
import { join } from "../db.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { ancestorPaths, folderRange } from "../paths.ts";

/**
 * The store seen as a filesystem. A memory is a file; a directory exists while some memory lies
 * below it (directories are implied by paths, so an emptied directory is gone); the root always
 * exists. The no-overlap rule means a path is never both a file and a directory. Read with the
 * same statements, columns and row mapper as the API (memories/memory-rows.ts), inside a write
 * transaction or outside one.
 */
export type StoreNode = { kind: "directory" } | { kind: "file"; memory: MemoryRecord } | null;

type FullRow = MemoryRow & { content: string };

/** The folder range of a directory (`null` is the root): every memory path strictly below it. */
export function directoryRange(path: string | null): { from: string; to: string } {
  return folderRange(path === null ? "/" : path + "/");
}

export async function findNode(client: SqlClient, storeId: string, path: string | null): Promise<StoreNode> {
  if (path === null) return { kind: "directory" };
  const [file] = await client.$queryRaw<FullRow[]>`SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = ${storeId} AND path = ${path}`;
  if (file) return { kind: "file", memory: memoryFromRow(file) };
  const inside = directoryRange(path);
  const [below] = await client.$queryRaw<{ id: string }[]>`
    SELECT id FROM memories WHERE store_id = ${storeId} AND path >= ${inside.from} AND path < ${inside.to} ORDER BY path LIMIT 1`;
  return below ? { kind: "directory" } : null;
}

/** A memory at a proper ancestor of `path` (which would have to be a directory), or null. */
export async function fileAncestor(client: SqlClient, storeId: string, path: string): Promise<string | null> {
  const ancestors = ancestorPaths(path);
  if (ancestors.length === 0) return null;
  const [hit] = await client.$queryRaw<{ path: string }[]>`
    SELECT path FROM memories WHERE store_id = ${storeId} AND path IN (${join(ancestors)}) LIMIT 1`;
  return hit?.path ?? null;
}

/** Memories below a directory, first `take` in path order (callers loop while they move them out). */
export async function memoriesBelow(client: SqlClient, storeId: string, path: string | null, take: number): Promise<MemoryRecord[]> {
  const inside = directoryRange(path);
  const rows = await client.$queryRaw<FullRow[]>`
    SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = ${storeId} AND path >= ${inside.from} AND path < ${inside.to}
    ORDER BY path LIMIT ${take}`;
  return rows.map((row) => memoryFromRow(row));
}

/** Path and size of every memory below a directory, for a listing. */
export function filesBelow(client: SqlClient, storeId: string, path: string | null): Promise<{ path: string; content_size_bytes: number }[]> {
  const inside = directoryRange(path);
  return client.$queryRaw`
    SELECT path, content_size_bytes FROM memories WHERE store_id = ${storeId} AND path >= ${inside.from} AND path < ${inside.to}`;
}
