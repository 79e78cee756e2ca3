import { raw, sql, type Dialect } from "../../memory/db.ts";
import { postgresTextIndex } from "./postgres-search.ts";

/**
 * JSON.stringify's replacer for rows bound as one JSON value, so that each reads back as it would
 * as a parameter: a bigint as its digits, and an unpaired surrogate as U+FFFD, as pg encodes a
 * parameter's text (PostgreSQL refuses the JSON escape of one).
 */
function asParameterText(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return value.toWellFormed();
  return value;
}

/** What the domain's statements need of PostgreSQL (lib/memory/db.ts, Dialect, says what each is for). */
export const postgresDialect: Dialect = {
  position: raw("strpos"),
  joinText: raw("string_agg"),
  // TIMESTAMP(3) columns hold UTC (the connection's time zone is UTC).
  utcDay: (timestamp) => sql`to_char(${timestamp}, 'YYYY-MM-DD')`,
  jsonElements: (json) => sql`json_array_elements(CAST(${json} AS json))`,
  // One JSON value, read by json_populate_recordset as each column reads its text (dates as ISO 8601, UTC): 10,000 report
  // rows in 140-145 ms where 200-row VALUES lists took 215-240 ms (in-process, 4 runs each).
  rowsToInsert: (table, columns, rows) =>
    sql`SELECT ${raw(columns.join(", "))} FROM json_populate_recordset(CAST(NULL AS ${raw(table)}), CAST(${JSON.stringify(rows, asParameterText)} AS json))`,
  // Two instances polling at once take different rows (a row another claim already leased fails the re-checked condition).
  byteOrder: raw('COLLATE "C"'),
  skipLocked: sql`FOR UPDATE OF d SKIP LOCKED`,
  /**
   * A store that the planner's statistics do not know yet (a store just imported; ANALYZE not
   * run since) is estimated at a few dozen rows, and the planner then fetches every remaining row
   * of the store by bitmap and sorts them for each page: measured 117 ms a page on a store of
   * 50,000 versions, 5 s for the export, where walking the (store_id, id) index takes 1 ms.
   * Forbidding the sort for this one statement leaves the index walk, whatever the statistics say.
   */
  indexOrderPage: (db, query) =>
    db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_sort = off`;
      return tx.$queryRaw(query);
    }),
  importBatch: 500,
  // The GIN indexes would cost an import's transaction three quarters of its time; the flusher indexes the versions after the commit.
  bulkWritesDeferSearchIndex: true,
  textIndex: postgresTextIndex,
};
