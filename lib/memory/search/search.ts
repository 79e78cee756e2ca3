import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { looksLikeId } from "../ids.ts";
import { buildSnippet, type Snippet } from "./snippet.ts";
import { matchPageQuery, RANKED_MAX_HITS, type MatchRow, type SearchFilters } from "./search-sql.ts";
import { matchesOf } from "./text-matches.ts";

export interface SearchInput extends SearchFilters {
  limit: number;
  /** From the previous page's `next`: where this page starts. */
  from?: string;
}

export interface SearchHit {
  storeId: string;
  memoryId: string;
  /** The version that matched: for current memories, the memory's head version. */
  versionId: string;
  operation: string;
  path: string | null;
  createdAt: Date;
  /** The version is the head of a live memory (always so when searching current memories). */
  current: boolean;
  /** Where the match is: content is preferred; a `deleted` version matches by its path only. */
  field: "content" | "path";
  snippet: Snippet;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Where the next page starts, or null on the last page. */
  next: string | null;
}

const notACursor = () => invalidRequest("page: not a page cursor returned by this API.");

/**
 * Searches current memories or every version of the stores given, with the version filters of
 * the API. Words are ranked (bm25 on SQLite, ts_rank on PostgreSQL) and paged up to
 * RANKED_MAX_HITS; exact text is listed newest first and paged without end. Snippets are cut
 * from each hit's own text here, in linear time.
 */
export async function search(db: Db, input: SearchInput): Promise<SearchPage> {
  if (input.storeIds?.length === 0) return { hits: [], next: null };
  const ranked = input.text.mode === "words";
  const offset = ranked ? parseOffset(input.from) : 0;
  if (ranked && offset >= RANKED_MAX_HITS) return { hits: [], next: null };
  if (!ranked && input.from !== undefined && !(db.engine === "sqlite" ? /^\d{1,15}$/.test(input.from) : looksLikeId("memver", input.from))) throw notACursor();
  const limit = ranked ? Math.min(input.limit, RANKED_MAX_HITS - offset) : input.limit;
  const rows = await db.sql.$queryRaw<MatchRow[]>(
    matchPageQuery(db.engine, { ...input, limit: limit + 1, offset, after: ranked ? undefined : input.from, withContent: true }),
  );
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  const next = !more || !last ? null : ranked ? String(offset + limit) : String(last.search_key);
  return { hits: page.map((row) => hitOf(row, input)), next: ranked && offset + limit >= RANKED_MAX_HITS ? null : next };
}

function parseOffset(from: string | undefined): number {
  if (from === undefined) return 0;
  if (!/^\d{1,6}$/.test(from)) throw notACursor();
  return Number(from);
}

function hitOf(row: MatchRow, input: SearchInput): SearchHit {
  const content = row.content ?? null;
  const inContent = content === null ? [] : matchesOf(content, input.text);
  const inPath = inContent.length > 0 || row.path === null ? [] : matchesOf(row.path, input.text);
  // Neither can happen when JavaScript folds case as the index does; the hit stands, unmarked.
  const field = inContent.length > 0 || (inPath.length === 0 && content !== null) ? "content" : "path";
  const snippet = field === "content" ? buildSnippet(content ?? "", inContent) : { ...buildSnippet(row.path ?? "", inPath), line: null, column: null };
  return {
    storeId: row.store_id,
    memoryId: row.memory_id,
    versionId: row.id,
    operation: row.operation,
    path: row.path,
    createdAt: new Date(row.created_at),
    current: Number(row.is_current) === 1,
    field,
    snippet,
  };
}
