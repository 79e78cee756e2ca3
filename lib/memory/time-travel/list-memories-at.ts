import type { Db } from "../db.ts";
import { childFolder, nextFromAfter, pageRange, type ListMemoriesInput } from "../memories/list-memories.ts";
import { folderRange } from "../paths.ts";
import { assertAnswerable } from "./answerable-moment.ts";
import { compareBytes, statesAt, type MemoryState } from "./states-at.ts";

export type MemoryAtListItem = { kind: "memory"; memory: MemoryState & { path: string } } | { kind: "prefix"; path: string };

/**
 * The memory list as of a moment: the same prefix, depth, order (paths by bytes), page size and
 * cursor rules as the live list (lib/memory/memories/list-memories.ts, whose paging helpers it
 * uses), over the memories live at `at` with the path, hash, size and version they had then.
 * A redacted state whose path no later version names cannot be placed in a folder: it is left
 * out of lists (retrieving it by id still answers).
 */
export async function listMemoriesAt(db: Db, input: ListMemoriesInput & { at: Date }): Promise<{ items: MemoryAtListItem[]; nextFrom: string | null }> {
  await assertAnswerable(db.sql, input.storeId, input.at, "as_of");
  const { from, to } = pageRange(input);
  const inRange = (path: string) => compareBytes(path, from) >= 0 && compareBytes(path, to) < 0;
  const placed = (await statesAt(db.sql, input.storeId, input.at, { withContent: input.withContent })).filter(
    (s): s is MemoryState & { path: string } => s.path !== null && inRange(s.path),
  );
  placed.sort((a, b) => compareBytes(a.path, b.path));

  const items: MemoryAtListItem[] = [];
  let hasMore = false;
  for (let i = 0; i < placed.length;) {
    if (items.length === input.limit) {
      hasMore = true;
      break;
    }
    const state = placed[i]!;
    const folder = input.depth === 1 ? childFolder(state.path, input.prefix) : null;
    if (folder === null) {
      items.push({ kind: "memory", memory: state });
      i += 1;
      continue;
    }
    items.push({ kind: "prefix", path: folder });
    // A folder's paths are contiguous in byte order: skip to the first one past it.
    const end = folderRange(folder).to;
    while (i < placed.length && compareBytes(placed[i]!.path, end) < 0) i += 1;
  }
  return { items, nextFrom: nextFromAfter(items, hasMore) };
}
