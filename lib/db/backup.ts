import Database from "better-sqlite3";
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Backups of a SQLite database through SQLite's online backup API (not a file copy: a copy of
 * the database file taken while the WAL holds committed pages is not a consistent database).
 * All pages are copied in one step, inside one read transaction: in WAL mode that never blocks
 * the server's writers, and a write committed meanwhile is simply not in the copy. PostgreSQL
 * has pg_dump / pg_restore (docs/operations.md, "Backups").
 */
export interface BackupSummary {
  file: string;
  bytes: number;
  pages: number;
  memories: number;
  versions: number;
}

/** Pages per backup step: everything at once, so that a concurrent write cannot restart the copy. */
const ALL_PAGES = 0x7fffffff;

function summary(file: string): BackupSummary {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`${file} is not a sound SQLite database (integrity_check: ${String(check)}).`);
    const hasTable = (name: string) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
    if (!hasTable("_migrations") || !hasTable("memories")) throw new Error(`${file} is not a Memory Console database (no _migrations or memories table).`);
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      file,
      bytes: statSync(file).size,
      pages: db.pragma("page_count", { simple: true }) as number,
      memories: count("memories"),
      versions: count("memory_versions"),
    };
  } finally {
    db.close();
  }
}

/** A consistent copy of the live database `source` at `out` (refused if `out` exists), checked before it is kept. */
export async function backupSqlite(source: string, out: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new Error(`No database at ${source}.`);
  if (existsSync(out)) throw new Error(`${out} already exists; choose a new file name.`);
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial-${process.pid}`;
  const db = new Database(source, { fileMustExist: true, timeout: 30_000 });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  try {
    const checked = summary(partial);
    renameSync(partial, out);
    return { ...checked, file: out };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Puts the backup `from` in place of the database `target`. A target that exists is live data:
 * refused unless `force`, and then written through the backup API too, so that a process that
 * still has it open sees either the old database or the restored one, never a torn file.
 */
export async function restoreSqlite(from: string, target: string, options: { force: boolean }): Promise<BackupSummary> {
  const checked = summary(from);
  const exists = existsSync(target);
  if (exists && !options.force) {
    throw new Error(`A database exists at ${target}; stop the server and run the restore again with --force to replace it.`);
  }
  mkdirSync(dirname(target), { recursive: true });
  const backup = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(target, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
  const restored = new Database(target, { timeout: 30_000 });
  try {
    restored.pragma("journal_mode = WAL");
  } finally {
    restored.close();
  }
  return { ...checked, file: target, bytes: statSync(target).size };
}
