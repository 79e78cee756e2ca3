import { MemoryError } from "../memory/errors.ts";

/**
 * Database failures that mean something to a caller, as domain errors. Anything else stays
 * an unknown error (500). Store writes check overlaps under the store lock, so the unique
 * index firing is a backstop; its error cannot name the memory, which the API allows.
 * Errors arrive in four shapes: Prisma model queries (P2002, P2028, P2034), Prisma raw
 * queries (P2010 with the driver's message), the driver adapter itself (lib/db/sql.ts:
 * a DriverAdapterError whose `cause` says what happened) and better-sqlite3 statements that
 * lib/db/sql.ts runs directly (SqliteError, code SQLITE_…).
 */
interface AdapterCause {
  kind?: string;
  constraint?: { fields?: string[]; index?: string };
  originalCode?: string;
  originalMessage?: string;
}

export function translateDbError(error: unknown): MemoryError | null {
  const e = error as { name?: string; code?: string; message?: string; meta?: unknown; cause?: AdapterCause };
  const message = e?.message ?? "";
  const cause = e?.name === "DriverAdapterError" ? (e.cause ?? {}) : null;
  const uniquePath =
    (e?.code === "P2002" && /path/.test(JSON.stringify(e.meta ?? {}) + message)) ||
    ((e?.code === "P2010" || e?.code === "SQLITE_CONSTRAINT_UNIQUE") && /memories\.store_id, memories\.path|memories_store_id_path_key/.test(message)) ||
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
