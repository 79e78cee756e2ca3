import { Prisma } from "../db.ts";
import { actorFilter, type ActorFilterInput } from "../versions/list-versions.ts";
import type { SearchText } from "./search-text.ts";

export const SEARCH_SCOPES = ["memories", "versions"] as const;
/** memories: the current path and content of live memories (their head versions); versions: every retained version. */
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchFilters extends ActorFilterInput {
  text: SearchText;
  scope: SearchScope;
  /** The stores searched; null means every store. */
  storeIds: readonly string[] | null;
  /** A validated folder prefix (`/` or `/notes/`). */
  pathPrefix?: string;
  createdAtGte?: Date;
  createdAtLte?: Date;
}

/** A matching version as the index statements return it (content is read for a page's hits only). */
export interface MatchRow {
  /** Where the row is in the search order: SQLite's index key, PostgreSQL's version id. */
  search_key: string | number;
  /** Words: the rank (smaller is better on both engines). */
  score?: number;
  id: string;
  store_id: string;
  memory_id: string;
  operation: string;
  path: string | null;
  created_at: Date | string;
  is_current: number | boolean;
  /** SQLite's chunks: whether the row passes the filters (rows that do not still move the scan on). */
  passes?: number;
  /** SQLite: the row is from the pending list (search_key is then its version id). */
  pending?: number;
  /** The version's content, when the scan already read it (to check the match): a snippet needs no second read. */
  content?: string | null;
}

const COLUMNS = Prisma.raw("v.id, v.store_id, v.memory_id, v.operation, v.path, v.created_at, CASE WHEN m.id IS NULL THEN 0 ELSE 1 END AS is_current");
const HEADS = Prisma.sql`LEFT JOIN memories m ON m.id = v.memory_id AND m.memory_version_id = v.id`;

/** A text as one FTS5 string: quoted, quotes doubled, so no query can be FTS5 syntax (or a syntax error). */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `%text%` for ILIKE, its own wildcards and the escape character escaped. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters as SQL conditions on `v` (memory_versions) and `m` (the live memory it heads, if any). */
export function filterConditions(input: SearchFilters): Prisma.Sql[] {
  const prefix = input.pathPrefix && input.pathPrefix !== "/" ? input.pathPrefix : null;
  return [
    ...(input.scope === "memories" ? [Prisma.sql`m.id IS NOT NULL`] : []),
    ...(input.storeIds ? [Prisma.sql`v.store_id IN (${Prisma.join([...input.storeIds])})`] : []),
    // substr counts characters on both engines; a byte-order range would need memory_versions.path in COLLATE "C" on PostgreSQL.
    ...(prefix ? [Prisma.sql`substr(v.path, 1, ${[...prefix].length}) = ${prefix}`] : []),
    ...actorFilter(input, "v."),
    ...(input.createdAtGte ? [Prisma.sql`v.created_at >= ${input.createdAtGte}`] : []),
    ...(input.createdAtLte ? [Prisma.sql`v.created_at <= ${input.createdAtLte}`] : []),
  ];
}

const all = (conditions: Prisma.Sql[]) => (conditions.length > 0 ? Prisma.join(conditions, " AND ") : Prisma.sql`1 = 1`);

/** Pieces of an exact text the trigram index is asked for: enough to be selective, few enough to stay cheap. */
const MAX_TRIGRAMS = 12;

/**
 * SQLite: an exact text as an FTS5 query of its distinct trigrams (all of them must be in the
 * version), not as a phrase. FTS5 checks a phrase by walking every trigram's positions in each
 * candidate, so a long phrase over a long repetitive text cost seconds in one statement (1,000 ×
 * "a" over 12 notes of 99,000 × "a": 12 s); the trigrams alone cost a lookup each, and the caller
 * checks the candidates' text itself (versionMatches), in batches between which others run.
 */
export function exactTrigrams(text: string): string {
  const chars = [...text.toLowerCase()];
  const all = [...new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join("")))];
  const step = Math.max(1, all.length / MAX_TRIGRAMS);
  const picked = all.length <= MAX_TRIGRAMS ? all : Array.from({ length: MAX_TRIGRAMS }, (_, i) => all[Math.floor(i * step)]!);
  return picked.map(ftsString).join(" ");
}

/**
 * SQLite: the next `chunk` index matches below key `before`, newest first, with the columns of
 * each and whether it passes the filters. The index is the outer loop and bounds the work of one
 * statement (SQLite runs it on the event loop); the filters are a column, so that rows they
 * reject still tell the caller how far the scan went. Exact text: candidates (exactTrigrams).
 */
export function sqliteChunkQuery(input: SearchFilters, before: number | null, chunk: number): Prisma.Sql {
  const table = Prisma.raw(input.text.mode === "words" ? "search_words" : "search_exact");
  const match = input.text.mode === "words" ? input.text.words.map(ftsString).join(" ") : exactTrigrams(input.text.text);
  // bm25: smaller is better; a word in the path counts four times one in the content.
  const score = input.text.mode === "words" ? Prisma.sql`, bm25(${table}, 4.0, 1.0) AS score` : Prisma.empty;
  const below = before === null ? Prisma.empty : Prisma.sql` AND rowid < ${before}`;
  // FTS5 takes MATCH and its functions on the table's own name. The LEFT JOINs keep the index the
  // outer loop (left alone, the planner may walk a store's versions and run the query per row),
  // and keep rows of deleted versions that await purging (no key) as rows that do not pass, so
  // that a chunk shortened by them is not taken for the end of the matches.
  // Words rank every match of the scan and keep a page: a chunk returns only the key, the rank and
  // whether it passes (columns come for the page's rows, indexedRowsQuery); an exact page keeps
  // its rows as they come.
  const columns = input.text.mode === "words" ? Prisma.sql`f.score, v.id` : COLUMNS;
  return Prisma.sql`
    SELECT f.rowid AS search_key, ${columns},
      CASE WHEN v.id IS NOT NULL AND ${all(filterConditions(input))} THEN 1 ELSE 0 END AS passes
    FROM (SELECT rowid${score} FROM ${table} WHERE ${table} MATCH ${match}${below} ORDER BY rowid DESC LIMIT ${chunk}) f
    LEFT JOIN search_keys k ON k.id = f.rowid
    LEFT JOIN memory_versions v ON v.id = k.version_id
    ${HEADS}
    ORDER BY f.rowid DESC`;
}

/** SQLite: the columns of indexed matches, by their index keys (a ranked page's rows). */
export const indexedRowsQuery = (keys: readonly number[]) => Prisma.sql`
  SELECT k.id AS search_key, ${COLUMNS}
  FROM search_keys k JOIN memory_versions v ON v.id = k.version_id ${HEADS}
  WHERE k.id IN (${Prisma.join([...keys])})`;

/**
 * SQLite: the next `chunk` versions of the pending list (written, not yet in the FTS5 tables;
 * migration sqlite/0009) below version `below`, newest first, with whether each passes the
 * filters and, for those that do, its content: the caller matches their text itself. Reading
 * them here, rather than moving them into the index first, keeps a search a read (another
 * process writing the file cannot make it fail) and its first page quick whatever the backlog.
 */
export function sqlitePendingQuery(input: SearchFilters, below: string | null, chunk: number): Prisma.Sql {
  const passes = Prisma.sql`v.id IS NOT NULL AND ${all(filterConditions(input))}`;
  return Prisma.sql`
    SELECT p.version_id AS search_key, 1 AS pending, ${COLUMNS}, CASE WHEN ${passes} THEN 1 ELSE 0 END AS passes,
      CASE WHEN ${passes} THEN v.content END AS content
    FROM (SELECT version_id FROM search_pending ${below === null ? Prisma.empty : Prisma.sql`WHERE version_id < ${below}`}
          ORDER BY version_id DESC LIMIT ${chunk}) p
    LEFT JOIN memory_versions v ON v.id = p.version_id
    ${HEADS}
    ORDER BY p.version_id DESC`;
}

/**
 * PostgreSQL: a query run twice, once on the indexed versions (the partial GIN indexes) and once
 * on those an import left pending (migration postgres/0009_search_pending: their own small
 * index, their text matched on the fly), each arm ordered and limited on its own so that it
 * keeps the plan the query had on one table. One `(indexed AND match) OR (pending AND match)`
 * would not do: the planner folds it back into `match` and scans the table.
 */
const eachArm = (arm: (which: Prisma.Sql) => Prisma.Sql) =>
  Prisma.sql`(${arm(Prisma.sql`NOT v.search_pending`)}) UNION ALL (${arm(Prisma.sql`v.search_pending`)})`;

/**
 * PostgreSQL: one page of matches in one statement on the GIN indexes (its work is the database
 * server's, not the event loop's). Exact text newest first after version `after`; words ranked
 * (ts_rank, negated so that smaller is better as on SQLite) among the newest `rankedAmong`.
 */
export function postgresPageQuery(input: SearchFilters, page: { limit: number; after?: string; offset?: number; rankedAmong: number }): Prisma.Sql {
  const where = filterConditions(input);
  if (input.text.mode === "words") {
    const vector = Prisma.sql`search_words_vector(v.path, v.content)`;
    const query = Prisma.sql`plainto_tsquery('simple', regexp_replace(${input.text.words.join(" ")}, '[^[:alnum:]]+', ' ', 'g'))`;
    const newest = eachArm(
      (which) => Prisma.sql`
        SELECT v.id AS search_key, -ts_rank(${vector}, ${query}) AS score, ${COLUMNS}
        FROM memory_versions v ${HEADS}
        WHERE ${which} AND ${vector} @@ ${query} AND ${all(where)}
        ORDER BY v.id DESC LIMIT ${page.rankedAmong}`,
    );
    return Prisma.sql`
      SELECT * FROM (SELECT * FROM (${newest}) arms ORDER BY search_key DESC LIMIT ${page.rankedAmong}) candidates
      ORDER BY score, search_key DESC LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`;
  }
  const after = page.after === undefined ? [] : [Prisma.sql`v.id < ${page.after}`];
  const newest = eachArm(
    (which) => Prisma.sql`
      SELECT v.id AS search_key, ${COLUMNS}
      FROM memory_versions v ${HEADS}
      WHERE ${which} AND ${postgresExact(input.text.text)} AND ${all([...where, ...after])}
      ORDER BY v.id DESC LIMIT ${page.limit}`,
  );
  return Prisma.sql`${newest} ORDER BY search_key DESC LIMIT ${page.limit}`;
}

/** Characters of an exact text that ILIKE matches (and the trigram indexes look up): the rest is checked with strpos. */
const POSTGRES_LIKE_CHARS = 32;

/**
 * PostgreSQL: a version holding the exact text. ILIKE over the trigram indexes, but with at most
 * POSTGRES_LIKE_CHARS of the text: ILIKE's matching retries the pattern at each position, so a
 * long pattern over a long repetitive text cost seconds per version (1,000 × "a" over 99,000 ×
 * "a": 5.6 s for 12 notes). The whole text is then checked with strpos on lower(), which folds
 * case as ILIKE does in this encoding, in linear time.
 */
function postgresExact(text: string): Prisma.Sql {
  const chars = [...text];
  const pattern = likeContaining(chars.slice(0, POSTGRES_LIKE_CHARS).join(""));
  const indexed = Prisma.sql`(v.content ILIKE ${pattern} OR v.path ILIKE ${pattern})`;
  if (chars.length <= POSTGRES_LIKE_CHARS) return indexed;
  return Prisma.sql`${indexed} AND (strpos(lower(v.content), lower(${text})) > 0 OR strpos(lower(v.path), lower(${text})) > 0)`;
}

/** The content of a page's hits, for their snippets. */
export const contentQuery = (versionIds: readonly string[]) =>
  Prisma.sql`SELECT id, content FROM memory_versions WHERE id IN (${Prisma.join([...versionIds])})`;
