import { MemoryError } from "../memory/errors.ts";

/**
 * Database failures that mean something to a caller, as domain errors. Anything else stays
 * an unknown error (500). Every statement runs on the driver adapter (lib/db/sql.ts), so a
 * failure arrives in one shape: a DriverAdapterError whose `cause` says what happened (the
 * better-sqlite3 statements that sql.ts runs directly are given that shape there).
 * Store writes check overlaps under the store lock, so the unique index on a memory's path
 * firing is a backstop; its error cannot name the memory, which the API allows.
 */
interface AdapterCause {
  kind?: string;
  constraint?: { fields?: string[]; index?: string };
  originalCode?: string;
}

export function translateDbError(error: unknown): MemoryError | null {
  const e = error as { name?: string; cause?: AdapterCause } | null;
  if (e?.name !== "DriverAdapterError" || !e.cause) return null;
  const { kind, constraint, originalCode = "" } = e.cause;
  if (kind === "UniqueConstraintViolation" && (constraint?.fields?.includes("path") || constraint?.index === "memories_store_id_path_key")) {
    return new MemoryError("path_conflict", "Path conflict: another memory was written at this path at the same time; retry the request.", {
      conflicting_path: "",
      conflicting_memory_id: "",
    });
  }
  // SQLite busy (the adapter says SocketTimeout), PostgreSQL serialization failure or deadlock.
  if (kind === "SocketTimeout" || kind === "TransactionWriteConflict" || /^(40001|40P01|SQLITE_BUSY)/.test(originalCode)) {
    return new MemoryError("overloaded", "The database is busy; nothing was changed. Retry the request.");
  }
  return null;
}

/**
 * For the log line of a failure answered as a 500: what the database said. The adapter keeps it
 * in `cause`, a plain object that pino's error serializer drops; only its kind, code and message
 * are copied (never PostgreSQL's `detail`, which can quote a row's values), the message capped.
 */
export function databaseFailure(error: unknown): { db_error?: { kind?: string; code?: string; message?: string } } {
  const e = error as { name?: string; cause?: AdapterCause & { originalMessage?: string } } | null;
  if (e?.name !== "DriverAdapterError" || !e.cause) return {};
  const { kind, originalCode, originalMessage } = e.cause;
  return { db_error: { kind, code: originalCode, message: originalMessage?.slice(0, 500) } };
}
