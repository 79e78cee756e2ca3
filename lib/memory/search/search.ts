import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { buildSnippet, type Snippet } from "./snippet.ts";
import { contentQuery, filterConditions, type MatchRow, type SearchFilters } from "./search-sql.ts";
import { matchesOf } from "./text-matches.ts";

export interface SearchInput extends SearchFilters {
  limit: number;
  /** From the previous page's `next`: where this page starts. */
  from?: string;
  /** SQLite: the scan's time budget (SCAN_TIME_BUDGET_MS unless told). */
  timeBudgetMs?: number;
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

/**
 * Index matches one request looks at. Words are ranked among the newest this many matches (on
 * PostgreSQL, POSTGRES_RANKED_AMONG); a page of exact text whose filters reject this many ends
 * early, its cursor going on from there.
 */
export const SCAN_BUDGET = 20_000;
/**
 * PostgreSQL ranks words among fewer matches: ts_rank needs each candidate's words vector,
 * which the GIN index does not keep, so every candidate's text is split again (~0.16 ms each:
 * among 5,000, a word in most of 30,000 notes took 0.8 s to rank; bm25 on SQLite reads the
 * FTS5 index). Among 500, the first page stays within ~100 ms.
 */
export const POSTGRES_RANKED_AMONG = 500;
/** Ranked (words) results are paged by offset and stop here: past it, narrow the query. */
export const RANKED_MAX_HITS = 1000;
/**
 * The time one request's scan may take on SQLite, in milliseconds: past it, a page of exact text
 * ends early with its cursor, and words are ranked among the matches seen so far.
 */
export const SCAN_TIME_BUDGET_MS = 50;
/** Matches marked in one snippet at most: a snippet shows a few hundred characters. */
const SNIPPET_MATCHES = 256;

export const notACursor = () => invalidRequest("page: not a page cursor returned by this API.");

/**
 * Searches current memories or every version of the stores given, with the version filters of
 * the API. Words are ranked (bm25 on SQLite, ts_rank on PostgreSQL); exact text is listed
 * newest first. The work of one request is bounded (SCAN_BUDGET) and, on SQLite, done in
 * chunks with yields; snippets are cut from each hit's own text in linear time.
 */
export async function search(db: Db, input: SearchInput): Promise<SearchPage> {
  if (input.stores.storeIds?.length === 0) return { hits: [], next: null };
  // Refused here, before the dialect runs: its code may be another bundle's copy (the database is
  // opened once per process), whose errors the API would not know as this MemoryError.
  filterConditions(input);
  if (input.text.mode !== "words" && input.from !== undefined && !db.dialect.textIndex.isCursor(input.from)) throw notACursor();
  const page = input.text.mode === "words" ? await rankedPage(db, input) : await newestPage(db, input);
  return { hits: await withSnippets(db, page.rows, input), next: page.next };
}

type RowsPage = { rows: MatchRow[]; next: string | null };

function newestPage(db: Db, input: SearchInput): Promise<RowsPage> {
  return db.dialect.textIndex.newestPage(db, input);
}

async function rankedPage(db: Db, input: SearchInput): Promise<RowsPage> {
  if (input.from !== undefined && !/^\d{1,4}$/.test(input.from)) throw notACursor();
  const offset = Number(input.from ?? 0);
  const limit = Math.min(input.limit, RANKED_MAX_HITS - offset);
  if (limit <= 0) return { rows: [], next: null };
  const ranked = await db.dialect.textIndex.rankedRows(db, input, { limit, offset });
  const more = ranked.length > limit && offset + limit < RANKED_MAX_HITS;
  return { rows: ranked.slice(0, limit), next: more ? String(offset + limit) : null };
}

async function withSnippets(db: Db, rows: MatchRow[], input: SearchInput): Promise<SearchHit[]> {
  const unread = rows.filter((row) => row.content === undefined).map((row) => row.id);
  const contents = new Map(
    unread.length === 0 ? [] : (await db.sql.$queryRaw<{ id: string; content: string | null }[]>(contentQuery(unread))).map((r) => [r.id, r.content]),
  );
  return rows.map((row) => hitOf(row, row.content !== undefined ? row.content : (contents.get(row.id) ?? null), input));
}

function hitOf(row: MatchRow, content: string | null, input: SearchInput): SearchHit {
  const inContent = content === null ? [] : matchesOf(content, input.text, SNIPPET_MATCHES);
  const inPath = inContent.length > 0 || row.path === null ? [] : matchesOf(row.path, input.text, SNIPPET_MATCHES);
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
