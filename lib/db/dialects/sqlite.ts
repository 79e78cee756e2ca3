import { empty, join, raw, sql, type Dialect } from "../../memory/db.ts";
import { sqliteTextIndex } from "./sqlite-search.ts";

/** What the domain's statements need of SQLite (lib/memory/db.ts, Dialect, says what each is for). */
export const sqliteDialect: Dialect = {
  position: raw("instr"),
  joinText: raw("group_concat"),
  // Timestamps are ISO 8601 text with their offset (lib/db/sql.ts); date() reads them in UTC.
  utcDay: (timestamp) => sql`date(${timestamp})`,
  jsonElements: (json) => sql`json_each(${json})`,
  // A VALUES list: json_each with a lookup per value took 4 times as long for 10,000 report rows.
  rowsToInsert: (_table, columns, rows) => sql`VALUES ${join(rows.map((row) => sql`(${join(columns.map((column) => row[column]))})`))}`,
  // One writer at a time: the claim's UPDATE alone is enough.
  // BINARY, the default: bytes.
  byteOrder: empty,
  skipLocked: empty,
  indexOrderPage: (db, query) => db.sql.$queryRaw(query),
  importBatch: 100,
  // The FTS5 tables are written by the flusher in any case (search_pending, migration sqlite/0009).
  bulkWritesDeferSearchIndex: false,
  textIndex: sqliteTextIndex,
};
