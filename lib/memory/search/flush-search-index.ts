import { Prisma, type Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";

/** Versions moved into the FTS5 tables per transaction: ~10 ms of SQLite's time, on the event loop. */
const BATCH = 25;
/**
 * Versions indexed per UPDATE on PostgreSQL: ~0.2 s of the database server's time for the
 * bench's notes (the event loop only awaits it), and the longest a redaction of one of them
 * waits for its row lock.
 */
const POSTGRES_BATCH = 500;

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
    flush = (db.engine === "sqlite" ? flushAll(db, maxVersions) : flushPostgres(db, maxVersions)).finally(() => running.delete(db));
    running.set(db, flush);
  }
  return flush;
}

/** Whether versions wait for the search index (a cheap look before flushing). */
export async function searchIndexPending(db: Db): Promise<boolean> {
  const look =
    db.engine === "sqlite" ? Prisma.sql`SELECT 1 FROM search_pending LIMIT 1` : Prisma.sql`SELECT 1 FROM memory_versions WHERE search_pending LIMIT 1`;
  return (await db.sql.$queryRaw<unknown[]>(look)).length > 0;
}

async function flushPostgres(db: Db, maxVersions: number): Promise<number> {
  let moved = 0;
  while (moved < maxVersions) {
    const batch = Math.min(POSTGRES_BATCH, maxVersions - moved);
    const done = await db.sql.$executeRaw`
      UPDATE memory_versions SET search_pending = false
      WHERE id IN (SELECT id FROM memory_versions WHERE search_pending ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
    moved += done;
    if (done < batch) return moved;
  }
  return moved;
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
