/**
 * How fast migration 0004_search indexes versions that already exist (issue 11): on SQLite its
 * backfill statements, run again on a copy of the benchmark's database with the index emptied;
 * on PostgreSQL a REINDEX of its three indexes, the same work as their CREATE INDEX.
 */
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";

const ROOT = resolve(import.meta.dirname, "..");

/** The migration's backfill: its INSERT … SELECT statements into the search tables. */
function sqliteBackfillStatements(): string[] {
  const sql = readFileSync(join(ROOT, "prisma/migrations/sqlite/0004_search.sql"), "utf8");
  return (
    sql
      .split(";")
      // Comment lines before a statement belong to its chunk of the split; they are not SQL to match.
      .map((s) =>
        s
          .split("\n")
          .filter((line) => !line.trim().startsWith("--"))
          .join("\n")
          .trim(),
      )
      .filter((s) => /^INSERT INTO "search_(keys|words|exact)"[^;]*SELECT/s.test(s) && !/new\./.test(s))
  );
}

export async function measureBackfill(engine: "sqlite" | "postgres", source: string, workDir: string) {
  if (engine === "sqlite") {
    const copy = join(workDir, "backfill.db");
    const live = new Database(source, { readonly: true });
    await live.backup(copy);
    live.close();
    const db = new Database(copy);
    try {
      db.exec(
        `DELETE FROM search_keys; INSERT INTO search_words (search_words) VALUES ('delete-all'); INSERT INTO search_exact (search_exact) VALUES ('delete-all');`,
      );
      const statements = sqliteBackfillStatements();
      if (statements.length !== 3) throw new Error(`expected the migration's 3 backfill statements, found ${statements.length}`);
      const start = performance.now();
      db.transaction(() => statements.forEach((s) => db.exec(s)))();
      const seconds = (performance.now() - start) / 1000;
      const versions = (db.prepare("SELECT count(*) AS n FROM search_keys").get() as { n: number }).n;
      return { versions, seconds, rate: versions / seconds };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: source });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM memory_versions");
    const start = performance.now();
    for (const index of ["search_versions_words_idx", "search_versions_content_trgm_idx", "search_versions_path_trgm_idx"])
      await client.query(`REINDEX INDEX ${index}`);
    const seconds = (performance.now() - start) / 1000;
    return { versions: Number(rows[0]!.n), seconds, rate: Number(rows[0]!.n) / seconds };
  } finally {
    await client.end();
  }
}
