import { MemoryError } from "../memory/errors.ts";

/**
 * Database failures that mean something to a caller, as domain errors. Anything else stays
 * an unknown error (500). Store writes check overlaps under the store lock, so the unique
 * index firing is a backstop; its error cannot name the memory, which the API allows.
 */
export function translateDbError(error: unknown): MemoryError | null {
  const e = error as { code?: string; message?: string; meta?: { modelName?: string; target?: unknown; driverAdapterError?: unknown } };
  const message = e?.message ?? "";
  // P2002 from model queries; P2010 ("raw query failed") carries the driver's own words.
  const uniquePath =
    (e?.code === "P2002" && /path/.test(JSON.stringify(e.meta ?? {}) + message)) ||
    (e?.code === "P2010" && /memories\.store_id, memories\.path|memories_store_id_path_key/.test(message));
  if (uniquePath) {
    return new MemoryError("path_conflict", "Path conflict: another memory was written at this path at the same time; retry the request.", {
      conflicting_path: "",
      conflicting_memory_id: "",
    });
  }
  if (e?.code === "P2028" || e?.code === "P2034" || /database is locked|SQLITE_BUSY|could not serialize|deadlock detected/i.test(message)) {
    return new MemoryError("overloaded", "The database is busy; nothing was changed. Retry the request.");
  }
  return null;
}
