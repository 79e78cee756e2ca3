import type { Tx } from "../db.ts";
import { pathConflict } from "../errors.ts";
import { ancestorPaths, folderRange } from "../paths.ts";

/**
 * Two live memories of a store may not overlap: the same path, or one an ancestor of the
 * other (`/notes` and `/notes/todo.md`). Runs under the store lock, so the answer holds until
 * the transaction commits; the unique index on (store_id, path) backs up the same-path case.
 */
export async function assertPathFree(tx: Tx, storeId: string, path: string, exceptMemoryIds: readonly string[] = []) {
  const inside = folderRange(path + "/");
  const hit = await tx.memoryRecord.findFirst({
    where: {
      storeId,
      ...(exceptMemoryIds.length > 0 && { id: { notIn: [...exceptMemoryIds] } }),
      OR: [{ path: { in: [path, ...ancestorPaths(path)] } }, { path: { gte: inside.from, lt: inside.to } }],
    },
    select: { id: true, path: true },
    orderBy: { path: "asc" },
  });
  if (hit) throw pathConflict(path, hit.path, hit.id);
}
