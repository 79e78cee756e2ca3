import type { Db } from "../db.ts";
import { Prisma } from "../db.ts";
import { after, folderRange } from "../paths.ts";
import { getStore } from "../stores/get-store.ts";
import type { MemoryRecord } from "./get-memory.ts";

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

export type MemoryListItem =
  | { kind: "memory"; memory: ListedMemory }
  | { kind: "prefix"; path: string };

export interface MemoryPage {
  items: MemoryListItem[];
  /** Where the next page starts, or null when this is the last page. */
  nextFrom: string | null;
}

/** Memories in byte order of their paths: stable, and a folder's memories are contiguous. */
export async function listMemories(db: Db, input: ListMemoriesInput): Promise<MemoryPage> {
  const range = folderRange(input.prefix);
  const from = input.from && input.from > range.from ? input.from : range.from;
  const page = input.depth === 0 ? await listSubtree(db, input, from, range.to) : await listChildren(db, input, from, range.to);
  // An empty first page is the one case where "no such store" and "empty store" look alike.
  if (page.items.length === 0 && !input.from) await getStore(db.read, input.storeId);
  return page;
}

async function listSubtree(db: Db, input: ListMemoriesInput, from: string, to: string): Promise<MemoryPage> {
  const rows = await db.read.memoryRecord.findMany({
    where: { storeId: input.storeId, path: { gte: from, lt: to } },
    orderBy: { path: "asc" },
    take: input.limit + 1,
    ...(input.withContent ? {} : { omit: { content: true } }),
  });
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map((memory) => ({ kind: "memory" as const, memory }));
  return { items, nextFrom: hasMore ? after(rows[input.limit - 1]!.path) : null };
}

/**
 * Direct children of the prefix, found with a loose index scan: each step seeks the first path
 * after the previous child (after a whole folder when the child is a folder), so a page costs
 * one index seek per item however many memories lie below. One recursive query on both engines.
 */
async function listChildren(db: Db, input: ListMemoriesInput, from: string, to: string): Promise<MemoryPage> {
  const plen = Array.from(input.prefix).length;
  const strpos = Prisma.raw(db.engine === "postgres" ? "strpos" : "instr");
  const slash = Prisma.sql`${strpos}(substr(walk.path, ${plen + 1}), '/')`;
  const rows = await db.read.$queryRaw<{ path: string }[]>`
    WITH RECURSIVE walk(path, n) AS (
      SELECT (SELECT path FROM memories WHERE store_id = ${input.storeId} AND path >= ${from} AND path < ${to} ORDER BY path LIMIT 1), 1
      UNION ALL
      SELECT (SELECT m.path FROM memories m WHERE m.store_id = ${input.storeId} AND m.path < ${to} AND m.path >= (
                CASE WHEN ${slash} > 0 THEN substr(walk.path, 1, ${plen} + ${slash} - 1) || '0' ELSE walk.path || ' ' END)
              ORDER BY m.path LIMIT 1), walk.n + 1
      FROM walk WHERE walk.path IS NOT NULL AND walk.n <= ${input.limit}
    )
    SELECT path FROM walk WHERE path IS NOT NULL`;

  const keys = rows.map((row) => {
    const slashAt = row.path.indexOf("/", input.prefix.length);
    return slashAt === -1 ? { leaf: true, key: row.path } : { leaf: false, key: row.path.slice(0, slashAt + 1) };
  });
  const hasMore = keys.length > input.limit;
  const pageKeys = hasMore ? keys.slice(0, input.limit) : keys;
  const leaves = await fetchLeaves(db, input, pageKeys.filter((k) => k.leaf).map((k) => k.key));
  const items: MemoryListItem[] = [];
  for (const { leaf, key } of pageKeys) {
    if (!leaf) items.push({ kind: "prefix", path: key });
    else if (leaves.has(key)) items.push({ kind: "memory", memory: leaves.get(key)! });
  }
  const last = pageKeys[pageKeys.length - 1];
  return { items, nextFrom: hasMore && last ? (last.leaf ? after(last.key) : folderRange(last.key).to) : null };
}

async function fetchLeaves(db: Db, input: ListMemoriesInput, paths: string[]): Promise<Map<string, ListedMemory>> {
  if (paths.length === 0) return new Map();
  const rows = await db.read.memoryRecord.findMany({
    where: { storeId: input.storeId, path: { in: paths } },
    ...(input.withContent ? {} : { omit: { content: true } }),
  });
  return new Map(rows.map((row) => [row.path, row]));
}
