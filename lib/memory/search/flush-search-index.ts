import { bulkExecutionsRunning } from "../bulk/running-executions.ts";
import type { Db } from "../db.ts";

const running = new WeakMap<Db, Promise<number>>();

/**
 * Moves the versions that wait for the search index into it, oldest first, in batches, until
 * none is left (or `maxVersions` moved: the server's background flusher works a large import's
 * backlog off in slices between requests). Resolves with the number of versions moved.
 *
 * SQLite: the versions in search_pending (migration sqlite/0009 says why) get their index keys
 * and go into the FTS5 tables, in small transactions with a yield between. Every version
 * committed before the call is in the FTS5 tables when it resolves: a search runs it first.
 * One flush at a time per database in this process (a call during a flush waits for it and
 * runs again, since that flush may have looked before the caller's writes); another process
 * flushing the same file is harmless, each batch being read and moved in one transaction.
 *
 * PostgreSQL: the versions an import wrote with search_pending (migration postgres/0009) are
 * set back to false, which is what writes their GIN index entries. Searches read pending
 * versions without it, so nothing waits for this; instances share the backlog (SKIP LOCKED).
 */
export async function flushSearchIndex(db: Db, options: { maxVersions?: number } = {}): Promise<number> {
  const earlier = running.get(db);
  if (earlier) await earlier.catch(() => 0);
  if (!(await searchIndexPending(db))) return 0;
  let flush = running.get(db);
  if (!flush) {
    const maxVersions = options.maxVersions ?? Number.POSITIVE_INFINITY;
    flush = db.dialect.textIndex.flush(db, maxVersions).finally(() => running.delete(db));
    running.set(db, flush);
  }
  return flush;
}

/** Whether versions wait for the search index (a cheap look before flushing). */
export async function searchIndexPending(db: Db): Promise<boolean> {
  return (await db.sql.$queryRaw<unknown[]>(db.dialect.textIndex.pendingQuery)).length > 0;
}

/**
 * The server's background flusher's one look (lib/server/startup.ts, every 250 ms): a slice of
 * what waits (the dialect's flushSlice), unless a bulk execution is running, whose new versions
 * wait until it is done (lib/memory/bulk/running-executions.ts). Resolves with how many moved.
 */
export async function flushInBackground(db: Db): Promise<number> {
  if (bulkExecutionsRunning() || !(await searchIndexPending(db))) return 0;
  return flushSearchIndex(db, { maxVersions: db.dialect.textIndex.flushSlice });
}
