import type { Db } from "../db.ts";
import { sql } from "../db.ts";
import { after, folderRange } from "../paths.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import type { MemoryRecord } from "./get-memory.ts";
import { memoryColumns, memoryFromRow, type MemoryRow } from "./memory-rows.ts";

/** A listed memory: with `content` for view=full, without it for view=basic. */
export type ListedMemory = MemoryRecord | Omit<MemoryRecord, "content">;

export interface ListMemoriesInput {
  storeId: string;
  /** `/` or a folder ending in `/`, already validated. */
  prefix: string;
  /** 0 lists the whole subtree; 1 lists direct children and rolls deeper paths into folders. */
  depth: 0 | 1;
  withContent: boolean;
  limit: number;
  /** Inclusive lower bound to continue from (from a previous page's `nextFrom`). */
  from?: string;
}

export type MemoryListItem = { kind: "memory"; memory: ListedMemory } | { kind: "prefix"; path: string };

/** What paging needs of a listed item, live or as of a moment. */
type PagedItem = { kind: "memory"; memory: { path: string } } | { kind: "prefix"; path: string };

export interface MemoryPage {
  items: MemoryListItem[];
  /** Where the next page starts, or null when this is the last page. */
  nextFrom: string | null;
}

/** Memories in byte order of their paths: stable, and a folder's memories are contiguous. */
export async function listMemories(db: Db, input: ListMemoriesInput): Promise<MemoryPage> {
  const { from, to } = pageRange(input);
  const page = input.depth === 0 ? await listSubtree(db, input, from, to) : await listChildren(db, input, from, to);
  // An empty first page is the one case where "no such store" and "empty store" look alike.
  if (page.items.length === 0 && !input.from) await assertStoreExists(db.sql, input.storeId);
  return page;
}

async function listSubtree(db: Db, input: ListMemoriesInput, from: string, to: string): Promise<MemoryPage> {
  const rows = await db.sql.$queryRaw<MemoryRow[]>`
    SELECT ${memoryColumns(input.withContent)} FROM memories
    WHERE store_id = ${input.storeId} AND path >= ${from} AND path < ${to}
    ORDER BY path LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map((row) => ({ kind: "memory" as const, memory: memoryFromRow(row) }));
  return { items, nextFrom: nextFromAfter(items, hasMore) };
}

/**
 * Direct children of the prefix, found with a loose index scan: each step seeks the first path
 * after the previous child (after a whole folder when the child is a folder), so a page costs
 * one index seek per item however many memories lie below. One recursive query on both
 * engines, which also brings the rows of the children that are memories (folders join none).
 */
async function listChildren(db: Db, input: ListMemoriesInput, from: string, to: string): Promise<MemoryPage> {
  const plen = Array.from(input.prefix).length;
  const strpos = db.dialect.position;
  const slash = sql`${strpos}(substr(walk.path, ${plen + 1}), '/')`;
  const rows = await db.sql.$queryRaw<(Partial<MemoryRow> & { walk_path: string })[]>`
    WITH RECURSIVE walk(path, n) AS (
      SELECT (SELECT path FROM memories WHERE store_id = ${input.storeId} AND path >= ${from} AND path < ${to} ORDER BY path LIMIT 1), 1
      UNION ALL
      SELECT (SELECT m.path FROM memories m WHERE m.store_id = ${input.storeId} AND m.path < ${to} AND m.path >= (
                CASE WHEN ${slash} > 0 THEN substr(walk.path, 1, ${plen} + ${slash} - 1) || '0' ELSE walk.path || ' ' END)
              ORDER BY m.path LIMIT 1), walk.n + 1
      FROM walk WHERE walk.path IS NOT NULL AND walk.n <= ${input.limit}
    )
    SELECT walk.path AS walk_path, ${memoryColumns(input.withContent, "leaf.")}
    FROM walk LEFT JOIN memories leaf ON leaf.store_id = ${input.storeId} AND leaf.path = walk.path AND ${slash} = 0
    WHERE walk.path IS NOT NULL
    ORDER BY walk.n`;

  const hasMore = rows.length > input.limit;
  const items: MemoryListItem[] = (hasMore ? rows.slice(0, input.limit) : rows).map((row) => {
    if (row.id != null) return { kind: "memory", memory: memoryFromRow(row as MemoryRow) };
    return { kind: "prefix", path: childFolder(row.walk_path, input.prefix)! };
  });
  return { items, nextFrom: nextFromAfter(items, hasMore) };
}

/**
 * The paging and depth rules of a memory list, shared by the live list above and the list as of
 * a moment (lib/memory/time-travel/list-memories-at.ts): where a page starts and ends, the
 * folder a deeper path rolls into at depth=1, and where the next page starts.
 */
export function pageRange(input: Pick<ListMemoriesInput, "prefix" | "from">): { from: string; to: string } {
  const range = folderRange(input.prefix);
  return { from: input.from && input.from > range.from ? input.from : range.from, to: range.to };
}

/** The direct child folder of `prefix` that holds `path` (`/a/` for `/a/b/c.md` under `/`), or null when `path` is a direct child. */
export function childFolder(path: string, prefix: string): string | null {
  const slashAt = path.indexOf("/", prefix.length);
  return slashAt < 0 ? null : path.slice(0, slashAt + 1);
}

/** Where the page after these items starts: after the last memory, or after the whole last folder. */
export function nextFromAfter(items: readonly PagedItem[], hasMore: boolean): string | null {
  const last = items[items.length - 1];
  if (!hasMore || !last) return null;
  return last.kind === "memory" ? after(last.memory.path) : folderRange(last.path).to;
}
