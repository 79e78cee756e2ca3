import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { contentQuery, sqliteChunkQuery, sqlitePendingQuery, type MatchRow, type SearchFilters } from "./search-sql.ts";
import { versionMatches } from "./text-matches.ts";

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
export type ScanAt = { pending: string } | { before: number } | null;

export type ScanEnd = { exhausted: true } | { exhausted: false; at: Exclude<ScanAt, null> };

export interface ScanLimits {
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
export async function scanSqlite(db: Db, input: SearchFilters, limits: ScanLimits, visit: (rows: MatchRow[]) => boolean): Promise<ScanEnd> {
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
