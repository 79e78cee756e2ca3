import { empty, join, raw, sql, type Db, type Sql, type TextIndex } from "../../memory/db.ts";
import { looksLikeId } from "../../memory/ids.ts";
import { letOthersRun } from "../../memory/let-others-run.ts";
import { allConditions, COLUMNS, contentQuery, filterConditions, HEADS, type MatchRow, type SearchFilters } from "../../memory/search/search-sql.ts";
import { notACursor, SCAN_BUDGET, SCAN_TIME_BUDGET_MS, type SearchInput } from "../../memory/search/search.ts";
import { versionMatches, wordMatches } from "../../memory/search/text-matches.ts";

/**
 * SQLite's search index (the FTS5 tables of migrations sqlite/0006 and 0009): the statements,
 * the scan that runs them in chunks on the event loop, and the index's upkeep.
 */

/** A text as one FTS5 string: quoted, quotes doubled, so no query can be FTS5 syntax (or a syntax error). */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Pieces of an exact text the trigram index is asked for: enough to be selective, few enough to stay cheap. */
const MAX_TRIGRAMS = 12;

/**
 * SQLite: an exact text as an FTS5 query of its distinct trigrams (all of them must be in the
 * version), not as a phrase. FTS5 checks a phrase by walking every trigram's positions in each
 * candidate, so a long phrase over a long repetitive text cost seconds in one statement (1,000 ×
 * "a" over 12 notes of 99,000 × "a": 12 s); the trigrams alone cost a lookup each, and the caller
 * checks the candidates' text itself (versionMatches), in batches between which others run.
 */
function exactTrigrams(text: string): string {
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
function sqliteChunkQuery(input: SearchFilters, before: number | null, chunk: number): Sql {
  const table = raw(input.text.mode === "words" ? "search_words" : "search_exact");
  const match = input.text.mode === "words" ? input.text.words.map(ftsString).join(" ") : exactTrigrams(input.text.text);
  // bm25: smaller is better; a word in the path counts four times one in the content.
  const score = input.text.mode === "words" ? sql`, bm25(${table}, 4.0, 1.0) AS score` : empty;
  const below = before === null ? empty : sql` AND rowid < ${before}`;
  // FTS5 takes MATCH and its functions on the table's own name. The LEFT JOINs keep the index the
  // outer loop (left alone, the planner may walk a store's versions and run the query per row),
  // and keep rows of deleted versions that await purging (no key) as rows that do not pass, so
  // that a chunk shortened by them is not taken for the end of the matches.
  // Words rank every match of the scan and keep a page: a chunk returns only the key, the rank and
  // whether it passes (columns come for the page's rows, indexedRowsQuery); an exact page keeps
  // its rows as they come.
  const columns = input.text.mode === "words" ? sql`f.score, v.id` : COLUMNS;
  return sql`
    SELECT f.rowid AS search_key, ${columns},
      CASE WHEN v.id IS NOT NULL AND ${allConditions(filterConditions(input))} THEN 1 ELSE 0 END AS passes
    FROM (SELECT rowid${score} FROM ${table} WHERE ${table} MATCH ${match}${below} ORDER BY rowid DESC LIMIT ${chunk}) f
    LEFT JOIN search_keys k ON k.id = f.rowid
    LEFT JOIN memory_versions v ON v.id = k.version_id
    ${HEADS}
    ORDER BY f.rowid DESC`;
}

/** SQLite: the columns of indexed matches, by their index keys (a ranked page's rows). */
const indexedRowsQuery = (keys: readonly number[]) => sql`
  SELECT k.id AS search_key, ${COLUMNS}
  FROM search_keys k JOIN memory_versions v ON v.id = k.version_id ${HEADS}
  WHERE k.id IN (${join([...keys])})`;

/**
 * SQLite: the next `chunk` versions of the pending list (written, not yet in the FTS5 tables;
 * migration sqlite/0009) below version `below`, newest first, with whether each passes the
 * filters and, for those that do, its content: the caller matches their text itself. Reading
 * them here, rather than moving them into the index first, keeps a search a read (another
 * process writing the file cannot make it fail) and its first page quick whatever the backlog.
 */
function sqlitePendingQuery(input: SearchFilters, below: string | null, chunk: number): Sql {
  const passes = sql`v.id IS NOT NULL AND ${allConditions(filterConditions(input))}`;
  return sql`
    SELECT p.version_id AS search_key, 1 AS pending, ${COLUMNS}, CASE WHEN ${passes} THEN 1 ELSE 0 END AS passes,
      CASE WHEN ${passes} THEN v.content END AS content
    FROM (SELECT version_id FROM search_pending ${below === null ? empty : sql`WHERE version_id < ${below}`}
          ORDER BY version_id DESC LIMIT ${chunk}) p
    LEFT JOIN memory_versions v ON v.id = p.version_id
    ${HEADS}
    ORDER BY p.version_id DESC`;
}

/**
 * Index matches per statement: each statement holds the event loop (SQLite runs on it) for a few
 * milliseconds at most. Words' chunks are keys and ranks only, so they take more at once.
 */
const CHUNK = { exact: 500, words: 2_000 } as const;
/** Pending versions per statement: their content is read with them (at most ~100 kB each). */
const PENDING_CHUNK = 50;
/** Candidates whose text is read and checked between two looks at the clock (exact text: ~2.5 MB at most). */
const CHECK_BATCH = 25;
/** The event loop is handed back once a scan has held it this long (ms), not after every step: a yield costs a turn of the loop. */
const HOLD_MS = 4;

/** A yield that only yields once HOLD_MS have passed since the last one. */
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < HOLD_MS) return;
    await letOthersRun();
    since = performance.now();
  };
}

/**
 * Where a scan is: in the pending list (versions not yet in the FTS5 tables, which come first:
 * they are the newest) below a version id, or in the index below a key. null: not started.
 */
type ScanAt = { pending: string } | { before: number } | null;

type ScanEnd = { exhausted: true } | { exhausted: false; at: Exclude<ScanAt, null> };

interface ScanLimits {
  from: ScanAt;
  /** Rows looked at before the scan stops with a position. */
  budget: number;
  /** performance.now() after which the scan stops with a position. */
  deadline: number;
}

/**
 * SQLite: walks the matches newest first, the pending list then the index, chunk by chunk with
 * yields between, handing the rows that pass the filters and match to `visit` until it returns
 * true (enough), the matches end, or the budget or deadline is spent. A read only: it never
 * moves the pending list (the server's flusher does), so a writer in this process or another
 * cannot make it fail. A version moved from the list to the index during the scan is visited once.
 */
async function scanSqlite(db: Db, input: SearchFilters, limits: ScanLimits, visit: (rows: MatchRow[]) => boolean): Promise<ScanEnd> {
  const seen = new Set<string>();
  let scanned = 0;
  const stop = () => scanned >= limits.budget || performance.now() >= limits.deadline;
  const pause = pacer();
  const fresh = (rows: MatchRow[]) => rows.filter((row) => !seen.has(row.id) && (seen.add(row.id), true));

  if (limits.from === null || "pending" in limits.from) {
    let below = limits.from?.pending ?? null;
    for (;;) {
      const rows = await db.sql.$queryRaw<MatchRow[]>(sqlitePendingQuery(input, below, PENDING_CHUNK));
      for (let i = 0; i < rows.length; i += CHECK_BATCH) {
        const batch = rows.slice(i, i + CHECK_BATCH);
        scanned += batch.length;
        below = String(batch[batch.length - 1]!.search_key);
        const matching = batch.filter((row) => Number(row.passes) === 1 && versionMatches(row.path, row.content ?? null, input.text));
        if (visit(fresh(matching)) || stop()) return { exhausted: false, at: { pending: below } };
        if (i + CHECK_BATCH < rows.length) await pause();
      }
      if (rows.length < PENDING_CHUNK) break;
      await pause();
    }
  }

  // A walk that comes from the pending list has shown its versions from the cursor up; the flusher
  // may have moved them into the index since. Indexed versions are older than every pending one
  // (the flusher moves the oldest first), so in the index those with an id from the cursor up are
  // the ones shown already.
  const shownFrom = limits.from !== null && "pending" in limits.from ? limits.from.pending : null;
  const unshown = (rows: MatchRow[]) => (shownFrom === null ? rows : rows.filter((row) => row.id < shownFrom));
  let before = limits.from !== null && "before" in limits.from ? limits.from.before : null;
  for (;;) {
    const chunk = CHUNK[input.text.mode];
    const rows = await db.sql.$queryRaw<MatchRow[]>(sqliteChunkQuery(input, before, chunk));
    if (input.text.mode === "words") {
      // Words: the index's match is the match; the chunk is one step (rows without their columns: see sqliteChunkQuery).
      scanned += rows.length;
      const enough = visit(fresh(unshown(rows.filter((row) => Number(row.passes) === 1))));
      if (rows.length < chunk) return { exhausted: true };
      before = Number(rows[rows.length - 1]!.search_key);
      if (enough || stop()) return { exhausted: false, at: { before } };
    } else {
      // Exact text: the index gave candidates; their text decides, a batch at a time.
      for (let i = 0; i < rows.length;) {
        const batch: MatchRow[] = [];
        let end = i;
        while (end < rows.length && batch.length < CHECK_BATCH) {
          if (Number(rows[end]!.passes) === 1) batch.push(rows[end]!);
          end++;
        }
        scanned += end - i;
        before = Number(rows[end - 1]!.search_key);
        const enough = visit(fresh(unshown(await matchingText(db, unshown(batch), input))));
        if (end === rows.length && rows.length < chunk) return { exhausted: true };
        if (enough || stop()) return { exhausted: false, at: { before } };
        i = end;
        if (batch.length > 0 && i < rows.length) await pause();
      }
      if (rows.length === 0) return { exhausted: true };
    }
    await pause();
  }
}

/** The candidates whose path or content holds the exact text, with their content (read once, kept for the snippet). */
async function matchingText(db: Db, rows: MatchRow[], input: SearchFilters): Promise<MatchRow[]> {
  if (rows.length === 0) return [];
  const contents = new Map(
    (await db.sql.$queryRaw<{ id: string; content: string | null }[]>(contentQuery(rows.map((r) => r.id)))).map((r) => [r.id, r.content]),
  );
  return rows.flatMap((row) => {
    const content = contents.get(row.id) ?? null;
    return versionMatches(row.path, content, input.text) ? [{ ...row, content }] : [];
  });
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

async function newestPage(db: Db, input: SearchInput): Promise<{ rows: MatchRow[]; next: string | null }> {
  const found: MatchRow[] = [];
  const end = await scanSqlite(db, input, sqliteLimits(input, scanAtOf(input.from)), (rows) => {
    found.push(...rows);
    return found.length > input.limit;
  });
  if (found.length > input.limit) return { rows: found.slice(0, input.limit), next: cursorOf(found[input.limit - 1]!) };
  return { rows: found, next: end.exhausted ? null : cursorOf(end.at) };
}

async function rankedRows(db: Db, input: SearchInput, page: { limit: number; offset: number }): Promise<MatchRow[]> {
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
  return withColumns(db, [...pending, ...indexed].slice(page.offset, page.offset + page.limit + 1));
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

/** Versions moved into the FTS5 tables per transaction: ~10 ms of SQLite's time, on the event loop. */
const FLUSH_BATCH = 25;

/**
 * The versions in search_pending (migration sqlite/0009 says why) get their index keys and go
 * into the FTS5 tables, in small transactions with a yield between.
 */
async function flush(db: Db, maxVersions: number): Promise<number> {
  let moved = 0;
  while (moved < maxVersions) {
    const done = await db.sqlTransaction(
      async (tx) => {
        const pending = await tx.$queryRaw<{ version_id: string }[]>`SELECT version_id FROM search_pending ORDER BY version_id LIMIT ${FLUSH_BATCH}`;
        if (pending.length === 0) return 0;
        const [first, last] = [pending[0]!.version_id, pending[pending.length - 1]!.version_id];
        const batch = sql`SELECT version_id FROM search_pending WHERE version_id BETWEEN ${first} AND ${last}`;
        // Keys in version order; AUTOINCREMENT never hands out one that was used before.
        await tx.$executeRaw`INSERT INTO search_keys (version_id) ${batch} ORDER BY version_id`;
        for (const table of ["search_words", "search_exact"] as const) {
          await tx.$executeRaw`
            INSERT INTO ${raw(table)} (rowid, path, content)
            SELECT k.id, v.path, v.content FROM search_keys k JOIN memory_versions v ON v.id = k.version_id
            WHERE k.version_id IN (${batch})`;
        }
        await tx.$executeRaw`DELETE FROM search_pending WHERE version_id BETWEEN ${first} AND ${last}`;
        return pending.length;
      },
      { secureDelete: false },
    );
    moved += done;
    if (done < FLUSH_BATCH) return moved;
    await letOthersRun();
  }
  return moved;
}

/** Index rows deleted per transaction: ~10 ms of SQLite's time, commit included (a trigram row's delete touches ~one term per character). */
const PURGE_BATCH = 25;

/**
 * Deletes the index rows of deleted versions, which the delete trigger queues in search_purge
 * (migration 0006 says why), in small transactions with a yield between, so that deleting a
 * store of 50,000 versions never holds the event loop for long. Until then the rows are
 * unreachable: searches reach versions through search_keys, whose row went with the version.
 */
async function purge(db: Db): Promise<{ purged: number }> {
  let purged = 0;
  for (;;) {
    const done = await db.sqlTransaction(
      async (tx) => {
        const keys = (await tx.$queryRaw<{ id: number | bigint }[]>`SELECT id FROM search_purge ORDER BY id LIMIT ${PURGE_BATCH}`).map((k) => Number(k.id));
        if (keys.length === 0) return 0;
        const [first, last] = [keys[0]!, keys[keys.length - 1]!];
        await tx.$executeRaw`DELETE FROM search_words WHERE rowid IN (SELECT id FROM search_purge WHERE id BETWEEN ${first} AND ${last})`;
        await tx.$executeRaw`DELETE FROM search_exact WHERE rowid IN (SELECT id FROM search_purge WHERE id BETWEEN ${first} AND ${last})`;
        await tx.$executeRaw`DELETE FROM search_purge WHERE id BETWEEN ${first} AND ${last}`;
        return keys.length;
      },
      { secureDelete: false },
    );
    purged += done;
    if (done < PURGE_BATCH) return { purged };
    await letOthersRun();
  }
}

export const sqliteTextIndex: TextIndex = {
  isCursor: (cursor) => /^\d{1,15}$/.test(cursor) || (cursor.startsWith("p") && looksLikeId("memver", cursor.slice(1))),
  newestPage,
  rankedRows,
  async everyMatch(db, filters, visit) {
    await scanSqlite(db, filters, { from: null, budget: Number.POSITIVE_INFINITY, deadline: Number.POSITIVE_INFINITY }, (rows) => {
      visit(rows);
      return false;
    });
  },
  pendingQuery: sql`SELECT 1 FROM search_pending LIMIT 1`,
  flushSlice: 200,
  flush,
  purge,
};
