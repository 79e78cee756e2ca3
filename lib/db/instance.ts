import { config } from "../config.ts";
import { openDb, type OpenDb } from "./client.ts";
import { migrate } from "./migrate.ts";
import { flushReads } from "../memory/reads/read-buffer.ts";

/**
 * The process's database, opened once: pending migrations are applied first, so a fresh clone
 * with nothing configured gets its SQLite file and schema on the first start. Kept on
 * globalThis so that Next's dev reloads do not open a new pool per module copy.
 */
const holder = globalThis as { __memoryConsoleDb?: Promise<OpenDb> };

export function getDb(): Promise<OpenDb> {
  holder.__memoryConsoleDb ??= (async () => {
    const { database, SQLITE_SYNCHRONOUS, DATABASE_PREPARED_STATEMENTS } = config();
    await migrate(database);
    return openDb(database, { sqliteSynchronous: SQLITE_SYNCHRONOUS, preparedStatements: DATABASE_PREPARED_STATEMENTS === "on" });
  })().catch((error) => {
    holder.__memoryConsoleDb = undefined; // let the next request try again instead of failing forever
    throw error;
  });
  return holder.__memoryConsoleDb;
}

/**
 * Closes the process's database (graceful shutdown) after writing the reads it still buffers
 * (lib/memory/reads), so a clean stop loses none; a later getDb() refuses instead of reopening it.
 */
export async function closeDb(): Promise<void> {
  const open = holder.__memoryConsoleDb;
  holder.__memoryConsoleDb = Promise.reject(new Error("The database is closed: the server is shutting down."));
  holder.__memoryConsoleDb.catch(() => {});
  const db = open && (await open.catch(() => null));
  if (!db) return;
  await flushReads(db).catch(() => {}); // a database that refuses now refused the flusher too: nothing more can be kept
  await db.close();
}
