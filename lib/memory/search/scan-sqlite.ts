import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { flushSearchIndex } from "./flush-search-index.ts";
import { sqliteChunkQuery, type MatchRow, type SearchFilters } from "./search-sql.ts";

/** Index matches per statement: each statement holds the event loop (SQLite runs on it) for a few milliseconds at most. */
const CHUNK = 500;

export interface ScanEnd {
  /** Every match was seen. */
  exhausted: boolean;
  /** The key below which the scan would go on (null when exhausted). */
  before: number | null;
}

/**
 * SQLite: walks the index matches newest first, chunk by chunk with a yield between, handing
 * the rows that pass the filters to `visit` until it returns true (enough), the matches end,
 * or `budget` matches have been looked at.
 */
export async function scanSqlite(
  db: Db,
  input: SearchFilters,
  options: { before: number | null; budget: number },
  visit: (rows: MatchRow[]) => boolean,
): Promise<ScanEnd> {
  // Versions still in the pending list are not in the FTS5 tables yet: a search sees every committed version.
  await flushSearchIndex(db);
  let before = options.before;
  let scanned = 0;
  for (;;) {
    const rows = await db.sql.$queryRaw<MatchRow[]>(sqliteChunkQuery(input, before, CHUNK));
    scanned += rows.length;
    const enough = visit(rows.filter((row) => Number(row.passes) === 1));
    if (rows.length < CHUNK) return { exhausted: true, before: null };
    before = Number(rows[rows.length - 1]!.search_key);
    if (enough || scanned >= options.budget) return { exhausted: false, before };
    await letOthersRun();
  }
}
