import { Prisma, type Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";

/** Versions moved into the FTS5 tables per transaction: ~10 ms of SQLite's time, on the event loop. */
const BATCH = 25;

const running = new WeakMap<Db, Promise<number>>();

/**
 * SQLite: moves the versions in search_pending (migration 0009 says why) into the FTS5
 * tables, oldest first, in small transactions with a yield between, until none is left. Every
 * version committed before the call is in the FTS5 tables when it resolves: a search runs it
 * first. One flush at a time per database in this process (a call during a flush waits for it
 * and runs again, since that flush may have looked before the caller's writes); another process
 * flushing the same file is harmless, each batch being read and moved in one transaction.
 * PostgreSQL's indexes need nothing. Resolves with the number of versions moved. `maxVersions`
 * stops early (the server's background flusher, so that a large import's backlog is worked off
 * in slices between requests rather than in one run of back-to-back batches).
 */
export async function flushSearchIndex(db: Db, options: { maxVersions?: number } = {}): Promise<number> {
  if (db.engine !== "sqlite") return 0;
  const earlier = running.get(db);
  if (earlier) await earlier.catch(() => 0);
  if (!(await searchIndexPending(db))) return 0;
  let flush = running.get(db);
  if (!flush) {
    flush = flushAll(db, options.maxVersions ?? Number.POSITIVE_INFINITY).finally(() => running.delete(db));
    running.set(db, flush);
  }
  return flush;
}

/** Whether versions wait to be moved into the FTS5 tables (a cheap look before flushing). */
export async function searchIndexPending(db: Db): Promise<boolean> {
  if (db.engine !== "sqlite") return false;
  return (await db.sql.$queryRaw<unknown[]>`SELECT 1 FROM search_pending LIMIT 1`).length > 0;
}

async function flushAll(db: Db, maxVersions: number): Promise<number> {
  let moved = 0;
  while (moved < maxVersions) {
    const done = await db.sqlTransaction(
      async (tx) => {
        const pending = await tx.$queryRaw<{ version_id: string }[]>`SELECT version_id FROM search_pending ORDER BY version_id LIMIT ${BATCH}`;
        if (pending.length === 0) return 0;
        const [first, last] = [pending[0]!.version_id, pending[pending.length - 1]!.version_id];
        const batch = Prisma.sql`SELECT version_id FROM search_pending WHERE version_id BETWEEN ${first} AND ${last}`;
        // Keys in version order; AUTOINCREMENT never hands out one that was used before.
        await tx.$executeRaw`INSERT INTO search_keys (version_id) ${batch} ORDER BY version_id`;
        for (const table of ["search_words", "search_exact"] as const) {
          await tx.$executeRaw`
            INSERT INTO ${Prisma.raw(table)} (rowid, path, content)
            SELECT k.id, v.path, v.content FROM search_keys k JOIN memory_versions v ON v.id = k.version_id
            WHERE k.version_id IN (${batch})`;
        }
        await tx.$executeRaw`DELETE FROM search_pending WHERE version_id BETWEEN ${first} AND ${last}`;
        return pending.length;
      },
      { secureDelete: false },
    );
    moved += done;
    if (done < BATCH) return moved;
    await letOthersRun();
  }
  return moved;
}
