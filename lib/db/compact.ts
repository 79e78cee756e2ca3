import Database from "better-sqlite3";
import { existsSync, statSync } from "node:fs";
import pg from "pg";

/**
 * Rewrites the database so that nothing deleted is left in its files: for a legal erasure,
 * after an erase or a redaction (docs/operations.md, "Erased text on disk"), or to give the space of a
 * deleted store back. It holds the database for as long as it runs (seconds per 100 MB):
 * run it with the server stopped, or at a quiet hour.
 *
 * SQLite: the search index's FTS5 tables are merged into one segment each ('optimize': an
 * erased word can stay in an index page until its segment merges), with secure_delete on so that
 * the pages this frees are zeroed; then VACUUM rebuilds the file without its free pages, and the
 * write-ahead log is emptied. PostgreSQL: VACUUM FULL rewrites the tables that hold content
 * (dead rows of updated, redacted or deleted versions included) and their indexes.
 */
export interface CompactSummary {
  bytesBefore: number;
  bytesAfter: number;
}

const CONTENT_TABLES = ["memories", "memory_versions"];
const SEARCH_TABLES = ["search_words", "search_exact"];

export function compactSqlite(file: string): CompactSummary {
  if (!existsSync(file)) throw new Error(`No database at ${file}.`);
  const size = () => statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  const bytesBefore = size();
  const db = new Database(file, { fileMustExist: true, timeout: 30_000 });
  try {
    db.pragma("secure_delete = ON");
    for (const table of SEARCH_TABLES) db.prepare(`INSERT INTO "${table}" ("${table}") VALUES ('optimize')`).run();
    db.exec("VACUUM");
    const [checkpoint] = db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
    if (checkpoint?.busy) throw new Error("Compacted, but another connection kept the write-ahead log from being emptied: stop the server and run it again.");
  } finally {
    db.close();
  }
  return { bytesBefore, bytesAfter: size() };
}

export async function compactPostgres(url: string): Promise<CompactSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const size = async () => Number((await client.query<{ n: string }>("SELECT pg_database_size(current_database()) AS n")).rows[0]!.n);
    const bytesBefore = await size();
    await client.query(`VACUUM (FULL, ANALYZE) ${CONTENT_TABLES.map((t) => `"${t}"`).join(", ")}`);
    return { bytesBefore, bytesAfter: await size() };
  } finally {
    await client.end();
  }
}
