import { MemoryError } from "../memory/errors.ts";

/**
 * Database failures that mean something to a caller, as domain errors. Anything else stays
 * an unknown error (500). Store writes check overlaps under the store lock, so the unique
 * index firing is a backstop; its error cannot name the memory, which the API allows.
 * Memories and versions are written only through lib/db/sql.ts, so a path conflict arrives
 * from the driver adapter (a DriverAdapterError whose `cause` says what happened) or from the
 * better-sqlite3 statements it runs directly (SqliteError, code SQLITE_…). A busy database can
 * also surface from the Prisma model transactions that still write stores, users and keys
 * (P2028, P2034).
 */
interface AdapterCause {
  kind?: string;
  constraint?: { fields?: string[]; index?: string };
  originalCode?: string;
  originalMessage?: string;
}

export function translateDbError(error: unknown): MemoryError | null {
  const e = error as { name?: string; code?: string; message?: string; cause?: AdapterCause };
  const message = e?.message ?? "";
  const cause = e?.name === "DriverAdapterError" ? (e.cause ?? {}) : null;
  const uniquePath =
    (e?.code === "SQLITE_CONSTRAINT_UNIQUE" && /memories\.store_id, memories\.path|memories_store_id_path_key/.test(message)) ||
    (cause?.kind === "UniqueConstraintViolation" &&
      (cause.constraint?.fields?.includes("path") === true || cause.constraint?.index === "memories_store_id_path_key"));
  if (uniquePath) {
    return new MemoryError("path_conflict", "Path conflict: another memory was written at this path at the same time; retry the request.", {
      conflicting_path: "",
      conflicting_memory_id: "",
    });
  }
  const busy =
    e?.code === "P2028" ||
    e?.code === "P2034" ||
    cause?.kind === "SocketTimeout" ||
    cause?.kind === "TransactionWriteConflict" ||
    /^(40001|40P01|SQLITE_BUSY)/.test(cause?.originalCode ?? e?.code ?? "") ||
    /database is locked|SQLITE_BUSY|could not serialize|deadlock detected/i.test(message);
  if (busy) return new MemoryError("overloaded", "The database is busy; nothing was changed. Retry the request.");
  return null;
}
