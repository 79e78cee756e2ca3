import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { looksLikeId } from "../ids.ts";
import { scanSqlite, type ScanAt } from "./scan-sqlite.ts";
import { buildSnippet, type Snippet } from "./snippet.ts";
import { contentQuery, indexedRowsQuery, postgresPageQuery, type MatchRow, type SearchFilters } from "./search-sql.ts";
import { matchesOf, wordMatches } from "./text-matches.ts";

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

const notACursor = () => invalidRequest("page: not a page cursor returned by this API.");

/**
 * Searches current memories or every version of the stores given, with the version filters of
 * the API. Words are ranked (bm25 on SQLite, ts_rank on PostgreSQL); exact text is listed
 * newest first. The work of one request is bounded (SCAN_BUDGET) and, on SQLite, done in
 * chunks with yields; snippets are cut from each hit's own text in linear time.
 */
export async function search(db: Db, input: SearchInput): Promise<SearchPage> {
  if (input.storeIds?.length === 0) return { hits: [], next: null };
  const page = input.text.mode === "words" ? await rankedPage(db, input) : await newestPage(db, input);
  return { hits: await withSnippets(db, page.rows, input), next: page.next };
}

type RowsPage = { rows: MatchRow[]; next: string | null };

async function newestPage(db: Db, input: SearchInput): Promise<RowsPage> {
  if (db.engine === "postgres") {
    if (input.from !== undefined && !looksLikeId("memver", input.from)) throw notACursor();
    const rows = await db.sql.$queryRaw<MatchRow[]>(postgresPageQuery(input, { limit: input.limit + 1, after: input.from, rankedAmong: 0 }));
    return rows.length > input.limit ? { rows: rows.slice(0, input.limit), next: String(rows[input.limit - 1]!.search_key) } : { rows, next: null };
  }
  const found: MatchRow[] = [];
  const end = await scanSqlite(db, input, sqliteLimits(input, scanAtOf(input.from)), (rows) => {
    found.push(...rows);
    return found.length > input.limit;
  });
  if (found.length > input.limit) return { rows: found.slice(0, input.limit), next: cursorOf(found[input.limit - 1]!) };
  return { rows: found, next: end.exhausted ? null : cursorOf(end.at) };
}

const sqliteLimits = (input: SearchInput, from: ScanAt) => ({
  from,
  budget: SCAN_BUDGET,
  deadline: performance.now() + (input.timeBudgetMs ?? SCAN_TIME_BUDGET_MS),
});

/** SQLite's cursors: `p<version id>` in the pending list, an index key in the index. */
function scanAtOf(cursor: string | undefined): ScanAt {
  if (cursor === undefined) return null;
  if (/^\d{1,15}$/.test(cursor)) return { before: Number(cursor) };
  if (cursor.startsWith("p") && looksLikeId("memver", cursor.slice(1))) return { pending: cursor.slice(1) };
  throw notACursor();
}

function cursorOf(at: MatchRow | Exclude<ScanAt, null>): string {
  if ("search_key" in at) return Number(at.pending) === 1 ? `p${at.search_key}` : String(at.search_key);
  return "pending" in at ? `p${at.pending}` : String(at.before);
}

async function rankedPage(db: Db, input: SearchInput): Promise<RowsPage> {
  if (input.from !== undefined && !/^\d{1,4}$/.test(input.from)) throw notACursor();
  const offset = Number(input.from ?? 0);
  const limit = Math.min(input.limit, RANKED_MAX_HITS - offset);
  if (limit <= 0) return { rows: [], next: null };
  let ranked: MatchRow[];
  if (db.engine === "postgres") {
    ranked = await db.sql.$queryRaw<MatchRow[]>(postgresPageQuery(input, { limit: limit + 1, offset, rankedAmong: POSTGRES_RANKED_AMONG }));
  } else {
    const pending: MatchRow[] = [];
    const indexed: MatchRow[] = [];
    await scanSqlite(db, input, sqliteLimits(input, null), (rows) => {
      for (const row of rows) (Number(row.pending) === 1 ? pending : indexed).push(row);
      return false;
    });
    // Versions not yet indexed have no bm25: they come first (they are the newest), ranked among
    // themselves by how often the words occur (four times in the path); the flusher indexes them
    // within seconds, after which bm25 ranks them with the rest.
    for (const row of pending) row.score = -occurrences(row, input);
    pending.sort((a, b) => a.score! - b.score! || (a.id < b.id ? 1 : -1));
    indexed.sort((a, b) => a.score! - b.score! || Number(b.search_key) - Number(a.search_key));
    ranked = await withColumns(db, [...pending, ...indexed].slice(offset, offset + limit + 1));
  }
  const more = ranked.length > limit && offset + limit < RANKED_MAX_HITS;
  return { rows: ranked.slice(0, limit), next: more ? String(offset + limit) : null };
}

/** The page's indexed rows with their columns (the scan kept only keys and ranks), in the page's order. */
async function withColumns(db: Db, rows: MatchRow[]): Promise<MatchRow[]> {
  const keys = rows.filter((row) => Number(row.pending) !== 1).map((row) => Number(row.search_key));
  if (keys.length === 0) return rows;
  const full = new Map((await db.sql.$queryRaw<MatchRow[]>(indexedRowsQuery(keys))).map((row) => [Number(row.search_key), row]));
  // A version deleted since the scan saw it has no row left: it drops out of the page.
  return rows.flatMap((row) =>
    Number(row.pending) === 1 ? [row] : full.has(Number(row.search_key)) ? [{ ...full.get(Number(row.search_key))!, score: row.score }] : [],
  );
}

function occurrences(row: MatchRow, input: SearchInput): number {
  const query = input.text;
  if (query.mode !== "words") return 0;
  const count = (text: string | null | undefined) => (text ? wordMatches(text, query.words).length : 0);
  return 4 * count(row.path) + count(row.content);
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
