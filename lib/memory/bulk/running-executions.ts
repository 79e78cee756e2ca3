/**
 * Whether a bulk execution (executeBulk) is running in this process. Background upkeep that can
 * wait, the search index's flusher (lib/server/startup.ts), waits while one runs: otherwise it
 * indexes the execution's own new versions as they are written, taking turns on the event loop
 * and the SQLite write lock with its chunks (measured: a restore of 10,000 memories through the
 * API ran a fifth faster without it). Searches meanwhile still find those versions: they read
 * the list of versions waiting for the index as well as the index (lib/db/dialects/sqlite-search.ts).
 *
 * Kept on globalThis: the server's background tasks and its route handlers may run separate
 * copies of this module (different bundles), and both must see the one count.
 */
const COUNT = Symbol.for("memory-console.bulk-executions-running");
type Holder = { [COUNT]?: number };

export function bulkExecutionsRunning(): boolean {
  return ((globalThis as Holder)[COUNT] ?? 0) > 0;
}

/** Runs `execute` counted as a running bulk execution, until it settles. */
export async function asBulkExecution<T>(execute: () => Promise<T>): Promise<T> {
  const holder = globalThis as Holder;
  holder[COUNT] = (holder[COUNT] ?? 0) + 1;
  try {
    return await execute();
  } finally {
    holder[COUNT] = holder[COUNT]! - 1;
  }
}
