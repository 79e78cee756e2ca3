import { sql, type Db, type Sql, type TextIndex } from "../../memory/db.ts";
import { looksLikeId } from "../../memory/ids.ts";
import { letOthersRun } from "../../memory/let-others-run.ts";
import { allConditions, COLUMNS, filterConditions, HEADS, type MatchRow, type SearchFilters } from "../../memory/search/search-sql.ts";
import { notACursor, POSTGRES_RANKED_AMONG } from "../../memory/search/search.ts";

/**
 * PostgreSQL's search index (the GIN indexes of migrations postgres/0006 and 0009): one
 * statement per page, whose work is the database server's, not the event loop's.
 */

/** `%text%` for ILIKE, its own wildcards and the escape character escaped. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * PostgreSQL: a query run twice, once on the indexed versions (the partial GIN indexes) and once
 * on those an import left pending (migration postgres/0009_search_pending: their own small
 * index, their text matched on the fly), each arm ordered and limited on its own so that it
 * keeps the plan the query had on one table. One `(indexed AND match) OR (pending AND match)`
 * would not do: the planner folds it back into `match` and scans the table.
 */
const eachArm = (arm: (which: Sql) => Sql) => sql`(${arm(sql`NOT v.search_pending`)}) UNION ALL (${arm(sql`v.search_pending`)})`;

/**
 * PostgreSQL: one page of matches in one statement on the GIN indexes (its work is the database
 * server's, not the event loop's). Exact text newest first after version `after`; words ranked
 * (ts_rank, negated so that smaller is better as on SQLite) among the newest `rankedAmong`.
 */
function postgresPageQuery(input: SearchFilters, page: { limit: number; after?: string; offset?: number; rankedAmong: number }): Sql {
  const where = filterConditions(input);
  if (input.text.mode === "words") {
    const vector = sql`search_words_vector(v.path, v.content)`;
    const query = sql`plainto_tsquery('simple', regexp_replace(${input.text.words.join(" ")}, '[^[:alnum:]]+', ' ', 'g'))`;
    const newest = eachArm(
      (which) => sql`
        SELECT v.id AS search_key, -ts_rank(${vector}, ${query}) AS score, ${COLUMNS}
        FROM memory_versions v ${HEADS}
        WHERE ${which} AND ${vector} @@ ${query} AND ${allConditions(where)}
        ORDER BY v.id DESC LIMIT ${page.rankedAmong}`,
    );
    return sql`
      SELECT * FROM (SELECT * FROM (${newest}) arms ORDER BY search_key DESC LIMIT ${page.rankedAmong}) candidates
      ORDER BY score, search_key DESC LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`;
  }
  const after = page.after === undefined ? [] : [sql`v.id < ${page.after}`];
  const newest = eachArm(
    (which) => sql`
      SELECT v.id AS search_key, ${COLUMNS}
      FROM memory_versions v ${HEADS}
      WHERE ${which} AND ${postgresExact(input.text.text)} AND ${allConditions([...where, ...after])}
      ORDER BY v.id DESC LIMIT ${page.limit}`,
  );
  return sql`${newest} ORDER BY search_key DESC LIMIT ${page.limit}`;
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
function postgresExact(text: string): Sql {
  const chars = [...text];
  const pattern = likeContaining(chars.slice(0, POSTGRES_LIKE_CHARS).join(""));
  const indexed = sql`(v.content ILIKE ${pattern} OR v.path ILIKE ${pattern})`;
  if (chars.length <= POSTGRES_LIKE_CHARS) return indexed;
  return sql`${indexed} AND (strpos(lower(v.content), lower(${text})) > 0 OR strpos(lower(v.path), lower(${text})) > 0)`;
}

/** Matches per statement when every match is wanted (an erasure's). */
const PAGE = 500;

/**
 * Versions indexed per UPDATE: ~0.2 s of the database server's time for the bench's notes (the
 * event loop only awaits it), and the longest a redaction of one of them waits for its row lock.
 */
const FLUSH_BATCH = 500;

/**
 * The versions an import wrote with search_pending (migration postgres/0009) are set back to
 * false, which is what writes their GIN index entries. Searches read pending versions without
 * it, so nothing waits for this; instances share the backlog (SKIP LOCKED).
 */
async function flush(db: Db, maxVersions: number): Promise<number> {
  let moved = 0;
  while (moved < maxVersions) {
    const batch = Math.min(FLUSH_BATCH, maxVersions - moved);
    const done = await db.sql.$executeRaw`
      UPDATE memory_versions SET search_pending = false
      WHERE id IN (SELECT id FROM memory_versions WHERE search_pending ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
    moved += done;
    if (done < batch) return moved;
  }
  return moved;
}

export const postgresTextIndex: TextIndex = {
  isCursor: (cursor) => looksLikeId("memver", cursor),
  async newestPage(db, input) {
    if (input.from !== undefined && !looksLikeId("memver", input.from)) throw notACursor();
    const rows = await db.sql.$queryRaw<MatchRow[]>(postgresPageQuery(input, { limit: input.limit + 1, after: input.from, rankedAmong: 0 }));
    return rows.length > input.limit ? { rows: rows.slice(0, input.limit), next: String(rows[input.limit - 1]!.search_key) } : { rows, next: null };
  },
  rankedRows: (db, input, page) =>
    db.sql.$queryRaw<MatchRow[]>(postgresPageQuery(input, { limit: page.limit + 1, offset: page.offset, rankedAmong: POSTGRES_RANKED_AMONG })),
  async everyMatch(db, filters: SearchFilters, visit) {
    for (let after: string | undefined; ;) {
      const rows = await db.sql.$queryRaw<MatchRow[]>(postgresPageQuery(filters, { limit: PAGE, after, rankedAmong: 0 }));
      visit(rows);
      if (rows.length < PAGE) break;
      after = String(rows[rows.length - 1]!.search_key);
      await letOthersRun();
    }
  },
  pendingQuery: sql`SELECT 1 FROM memory_versions WHERE search_pending LIMIT 1`,
  flushSlice: 2_000,
  flush,
  /** The GIN indexes need nothing: a deleted version's entries go with its row. */
  purge: () => Promise.resolve({ purged: 0 }),
};
