import type { Db, SqlClient } from "../db.ts";
import { join, sql } from "../db.ts";
import type { ListedMemory } from "../memories/list-memories.ts";
import { childFolder, listMemories, nextFromAfter, pageRange, type ListMemoriesInput } from "../memories/list-memories.ts";
import { folderRange } from "../paths.ts";
import { assertAnswerable } from "./answerable-moment.ts";
import { changedSince, compareBytes, headsAt, withCreatedAt, type MemoryState } from "./states-at.ts";

export type MemoryAtListItem = { kind: "memory"; memory: MemoryState & { path: string } } | { kind: "prefix"; path: string };

/** Live items asked for at a time while walking the present, at most. */
const LIVE_WINDOW_MAX = 1_000;

/**
 * The memory list as of a moment: the same prefix, depth, order (paths by bytes), page size and
 * cursor rules as the live list, and built on it. A live memory whose current version was
 * written at or before `at` is now exactly as it was then (its state then is its newest version
 * up to `at`: this one), so the live list (lib/memory/memories/list-memories.ts, its index
 * seeks) gives those, and the live ones written since are left out of it. What was there then
 * instead comes from the memories with a version written since: their heads at `at` (each one
 * the predecessor of the memory's first version after `at`, its path copied onto that version:
 * states-at.ts, changedSince), rolled up in SQL into the page's keys (a folder at depth=1, else
 * the path), the first limit + 1 of them, so a page costs the live page plus one entry of the
 * window index per memory changed since, and only the page's few memories are read whole.
 * Through HTTP on SQLite (10,000 memories, 51,000 versions, 1,000 changed since, a root depth=1
 * page): 0.8–1.0 ms over the live list, 1.4 × it (docs/benchmarks.md).
 * A redacted state whose path no later version names cannot be placed in a folder: it is left
 * out of lists (retrieving it by id still answers).
 */
export async function listMemoriesAt(db: Db, input: ListMemoriesInput & { at: Date }): Promise<{ items: MemoryAtListItem[]; nextFrom: string | null }> {
  await assertAnswerable(db.sql, input.storeId, input.at, "as_of");
  const { from, to } = pageRange(input);
  const then = await keysThen(db, input, from, to);
  const thenFolders = new Set(then.flatMap((k) => (k.folder ? [k.key] : [])));
  const items = new Map<string, ItemThen>();
  for (const k of then) items.set(k.key, k.folder ? { kind: "prefix", path: k.key } : { kind: "memory", memoryId: k.memoryId!, path: k.key, memory: null });

  let position = from;
  let window = input.limit + 1;
  for (;;) {
    const live = await listMemories(db, { ...input, from: position, limit: window });
    const unsure: string[] = [];
    for (const item of live.items) {
      if (item.kind === "memory") {
        if (item.memory.updatedAt.getTime() <= input.at.getTime())
          items.set(item.memory.path, { kind: "memory", path: item.memory.path, memoryId: item.memory.id, memory: stateOfLive(item.memory) });
      } else if (thenFolders.has(item.path)) items.set(item.path, item);
      else unsure.push(item.path);
    }
    for (const folder of await holdingUnchanged(db.sql, input.storeId, unsure, input.at)) items.set(folder, { kind: "prefix", path: folder });
    // Enough when more than a page lies before where the live walk stopped (the keys then are all in `items` already).
    const reached = live.nextFrom ?? to;
    if (live.nextFrom === null || [...items.keys()].filter((key) => compareBytes(key, reached) < 0).length > input.limit) break;
    position = live.nextFrom;
    window = Math.min(window * 4, LIVE_WINDOW_MAX);
  }
  const ordered = [...items.values()].sort((a, b) => compareBytes(a.path, b.path));
  const hasMore = ordered.length > input.limit;
  const page = ordered.slice(0, input.limit);
  return { items: await statesOfPage(db.sql, input, page), nextFrom: nextFromAfter(page.map(pagedOf), hasMore) };
}

/**
 * An item of the page: a live one with its state, a folder, or a memory that changed since
 * whose state then is read once it is known to be on the page.
 */
type ItemThen = { kind: "prefix"; path: string } | { kind: "memory"; path: string; memoryId: string; memory: (MemoryState & { path: string }) | null };

const pagedOf = (item: ItemThen) => (item.kind === "prefix" ? item : { kind: "memory" as const, memory: { path: item.path } });

/** The page's memories that changed since get their state then (content for view=full, creation time). */
async function statesOfPage(client: SqlClient, input: ListMemoriesInput & { at: Date }, page: readonly ItemThen[]): Promise<MemoryAtListItem[]> {
  const wanted = page.flatMap((i) => (i.kind === "memory" && !i.memory ? [i.memoryId] : []));
  const heads = wanted.length ? await headsAt(client, input.storeId, input.at, { memoryIds: wanted }, { withContent: input.withContent }) : [];
  const states = new Map((await withCreatedAt(client, input.storeId, input.at, heads)).map((s) => [s.memoryId, s]));
  return page.map((i) =>
    i.kind === "prefix" ? i : { kind: "memory", memory: i.memory ?? ({ ...states.get(i.memoryId)!, path: i.path } as MemoryState & { path: string }) },
  );
}

/** A key of the page as it was then: a folder (depth=1), or a memory's path then. */
interface KeyThen {
  key: string;
  folder: boolean;
  memoryId: string | null;
}

/**
 * The first limit + 1 keys (from `from` on, in byte order) that the memories changed since had
 * then: each one's head at `at` and its path then (changedSince), rolled up at depth=1 into the
 * child folder it was in. Where that path is not on the index (a head that was a deletion, so the
 * memory was not there then, or one redacted since), headsAt reads the few such heads: it leaves
 * out the deletions and places the redacted ones by their later versions (states-at.ts).
 */
async function keysThen(db: Db, input: ListMemoriesInput & { at: Date }, from: string, to: string): Promise<KeyThen[]> {
  const { storeId, at } = input;
  const bytes = db.dialect.byteOrder;
  const plen = Array.from(input.prefix).length;
  // At depth=1 the path up to its first slash after the prefix (a folder), or the whole path
  // (a slash appended, so that one with none ends past its end): one expression without a CASE,
  // which cost the bench's 1,000 heads a seventh of the statement (0.75 against 0.66 ms).
  const path = sql`n.previous_path`;
  const key = input.depth === 1 ? sql`substr(${path}, 1, ${plen} + ${db.dialect.position}(substr(${path}, ${plen + 1}) || '/', '/'))` : path;
  const heads = sql`
    SELECT ${key} AS key, n.memory_id
    FROM (${changedSince(storeId, at)}) n
    WHERE (${path} ${bytes} >= ${from} AND ${path} ${bytes} < ${to}) OR ${path} IS NULL`;
  // Heads whose path is not at hand (redacted, or a deletion: headsAt tells) make one group of their own (key null, first), which says to place them.
  // (A filter on the key itself would be evaluated apart from the grouping's: a third more time.)
  const rows = await db.sql.$queryRaw<{ key: string | null; memory_id: string }[]>`
    SELECT k.key, min(k.memory_id) AS memory_id FROM (${heads}) k
    GROUP BY k.key ORDER BY k.key ${bytes} NULLS FIRST LIMIT ${input.limit + 2}`;
  const keys = rows
    .flatMap((row) => (row.key === null ? [] : [{ key: row.key, folder: row.key.endsWith("/"), memoryId: row.key.endsWith("/") ? null : row.memory_id }]))
    .slice(0, input.limit + 1);
  if (rows[0]?.key !== null) return keys;
  const unplaced = await db.sql.$queryRaw<{ memory_id: string }[]>`SELECT h.memory_id FROM (${heads}) h WHERE h.key IS NULL`;
  const redacted = await headsAt(db.sql, storeId, at, { memoryIds: unplaced.map((r) => r.memory_id) });
  for (const state of redacted) {
    if (state.path === null || compareBytes(state.path, from) < 0 || compareBytes(state.path, to) >= 0) continue;
    const folder = input.depth === 1 ? childFolder(state.path, input.prefix) : null;
    const k = folder ?? state.path;
    if (compareBytes(k, from) >= 0) keys.push({ key: k, folder: folder !== null, memoryId: folder === null ? state.memoryId : null });
  }
  return keys;
}

function stateOfLive(memory: ListedMemory): MemoryState & { path: string } {
  return {
    memoryId: memory.id,
    storeId: memory.storeId,
    versionId: memory.memoryVersionId,
    path: memory.path,
    ...("content" in memory && { content: memory.content }),
    contentSha256: memory.contentSha256,
    contentSizeBytes: memory.contentSizeBytes,
    redacted: false,
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
  };
}

/**
 * Of these live folders, those that hold, as they were then, a memory unchanged since (a live one
 * whose current version was written at or before `at`): the others are made only of memories
 * that were elsewhere then. One statement for all of them (a statement each cost a root page of
 * 20 folders 0.3 ms, most of a page as of a moment nothing was written after).
 */
async function holdingUnchanged(client: SqlClient, storeId: string, folders: readonly string[], at: Date): Promise<string[]> {
  if (folders.length === 0) return [];
  const ranges = folders.map((folder) => {
    const range = folderRange(folder);
    return sql`(${range.from}, ${range.to})`;
  });
  const rows = await client.$queryRaw<{ folder: string }[]>`
    SELECT f.column1 AS folder FROM (VALUES ${join(ranges)}) AS f
    WHERE EXISTS (SELECT 1 FROM memories m WHERE m.store_id = ${storeId} AND m.path >= f.column1 AND m.path < f.column2 AND m.updated_at <= ${at})`;
  return rows.map((row) => row.folder);
}
