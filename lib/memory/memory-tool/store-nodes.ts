import type { Client } from "../db.ts";
import type { MemoryRecord } from "../memories/get-memory.ts";
import { ancestorPaths, folderRange } from "../paths.ts";

/**
 * The store seen as a filesystem. A memory is a file; a directory exists while some memory lies
 * below it (directories are implied by paths, so an emptied directory is gone); the root always
 * exists. The no-overlap rule means a path is never both a file and a directory.
 */
export type StoreNode = { kind: "directory" } | { kind: "file"; memory: MemoryRecord } | null;

export async function findNode(client: Client, storeId: string, path: string | null): Promise<StoreNode> {
  if (path === null) return { kind: "directory" };
  const memory = await client.memoryRecord.findFirst({ where: { storeId, path } });
  if (memory) return { kind: "file", memory };
  const inside = folderRange(path + "/");
  const below = await client.memoryRecord.findFirst({
    where: { storeId, path: { gte: inside.from, lt: inside.to } },
    select: { id: true },
  });
  return below ? { kind: "directory" } : null;
}

/** A memory at a proper ancestor of `path` (which would have to be a directory), or null. */
export async function fileAncestor(client: Client, storeId: string, path: string): Promise<string | null> {
  const ancestors = ancestorPaths(path);
  if (ancestors.length === 0) return null;
  const hit = await client.memoryRecord.findFirst({ where: { storeId, path: { in: ancestors } }, select: { path: true } });
  return hit?.path ?? null;
}

/** The folder range of a directory (`null` is the root): every memory path strictly below it. */
export function directoryRange(path: string | null): { gte: string; lt: string } {
  const range = folderRange(path === null ? "/" : path + "/");
  return { gte: range.from, lt: range.to };
}

/** Memories below a directory, first `take` in path order (callers loop while they move them out). */
export function memoriesBelow(client: Client, storeId: string, path: string | null, take: number): Promise<MemoryRecord[]> {
  return client.memoryRecord.findMany({ where: { storeId, path: directoryRange(path) }, orderBy: { path: "asc" }, take });
}
