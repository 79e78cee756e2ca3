/**
 * How many memories each direct child folder of a prefix holds, and how many of them await
 * review: the counts beside the console's tree folders (GET /v1/folder_summaries/{store}).
 *
 * The folders are found as the depth=1 list finds them, by a loose index scan (one seek per
 * child, lib/memory/memories/list-memories.ts); each folder's counts are two range counts read
 * from indexes alone: the memories' (store_id, path) unique index and the review items'
 * (store_id, path) index (migration 0025). The work is linear in the memories below the page's
 * folders, so it is bounded by the store's 10,000-memory limit; on a full store's root it is a
 * few times the depth=1 list (test/domain/folder-summaries.test.ts measures both). A GROUP BY
 * of the folder expression over every path below the prefix was 25 times the list on SQLite:
 * evaluating the expression per row cost more than counting. Counting at read time rather than keeping a
 * count per folder means nothing in the write path has to change and the counts cannot drift.
 */
import type { Db } from "../db.ts";
import { raw, sql, type Sql } from "../db.ts";
import { folderRange } from "../paths.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";

export interface FolderSummary {
  /** The folder, ending in `/`. */
  path: string;
  /** Live memories anywhere below it. */
  memoryCount: number;
  /** Memories below it (by the path of their newest version) whose writes await a reviewer. */
  awaitingReviewCount: number;
}

export interface SummarizeFoldersInput {
  storeId: string;
  /** `/` or a folder ending in `/`, already validated. */
  prefix: string;
  limit: number;
  /** Inclusive lower bound to continue from (a previous page's `nextFrom`). */
  from?: string;
}

export interface FolderSummaryPage {
  folders: FolderSummary[];
  nextFrom: string | null;
}

export async function summarizeFolders(db: Db, input: SummarizeFoldersInput): Promise<FolderSummaryPage> {
  const range = folderRange(input.prefix);
  const from = input.from && input.from > range.from ? input.from : range.from;
  const plen = Array.from(input.prefix).length;
  const slash = (column: Sql) => sql`${db.dialect.position}(substr(${column}, ${plen + 1}), '/')`;
  const walkSlash = slash(raw("walk.path"));
  const end = (folder: Sql) => sql`substr(${folder}, 1, length(${folder}) - 1) || '0'`;
  const rows = await db.sql.$queryRaw<{ folder: string; n: number | bigint; awaiting: number | bigint }[]>`
    WITH RECURSIVE walk(path, k) AS (
      SELECT (SELECT path FROM memories WHERE store_id = ${input.storeId} AND path >= ${from} AND path < ${range.to} ORDER BY path LIMIT 1), 0
      UNION ALL
      SELECT (SELECT m.path FROM memories m WHERE m.store_id = ${input.storeId} AND m.path < ${range.to} AND m.path >= (
                CASE WHEN ${walkSlash} > 0 THEN substr(walk.path, 1, ${plen} + ${walkSlash} - 1) || '0' ELSE walk.path || ' ' END)
              ORDER BY m.path LIMIT 1),
             walk.k + (CASE WHEN ${walkSlash} > 0 THEN 1 ELSE 0 END)
      FROM walk WHERE walk.path IS NOT NULL AND walk.k <= ${input.limit}
    ),
    folders AS (SELECT substr(walk.path, 1, ${plen} + ${walkSlash}) AS folder FROM walk WHERE walk.path IS NOT NULL AND ${walkSlash} > 0)
    SELECT folder,
      (SELECT count(*) FROM memories m WHERE m.store_id = ${input.storeId} AND m.path >= folders.folder AND m.path < ${end(raw("folders.folder"))}) AS n,
      (SELECT count(*) FROM review_items r WHERE r.store_id = ${input.storeId} AND r.path >= folders.folder AND r.path < ${end(raw("folders.folder"))}) AS awaiting
    FROM folders ORDER BY folder LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const page = hasMore ? rows.slice(0, input.limit) : rows;
  if (page.length === 0 && !input.from) await assertStoreExists(db.sql, input.storeId);
  return {
    folders: page.map((row) => ({ path: row.folder, memoryCount: Number(row.n), awaitingReviewCount: Number(row.awaiting) })),
    nextFrom: hasMore ? folderRange(page[page.length - 1]!.folder).to : null,
  };
}
