import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";

/** Index rows deleted per transaction: ~10 ms of SQLite's time, commit included (a trigram row's delete touches ~one term per character). */
const BATCH = 25;

/**
 * SQLite: deletes the index rows of deleted versions, which the delete trigger queues in
 * search_purge (migration 0006 says why), in small transactions with a yield between, so
 * that deleting a store of 50,000 versions never holds the event loop for long. Until then
 * the rows are unreachable: searches reach versions through search_keys, whose row went with
 * the version. Idempotent: every instance may run it, and a purge a crash interrupted is
 * finished by the next one. PostgreSQL's indexes need nothing.
 */
export async function purgeSearchIndex(db: Db): Promise<{ purged: number }> {
  if (db.engine !== "sqlite") return { purged: 0 };
  let purged = 0;
  for (;;) {
    const done = await db.sqlTransaction(
      async (tx) => {
        const keys = (await tx.$queryRaw<{ id: number | bigint }[]>`SELECT id FROM search_purge ORDER BY id LIMIT ${BATCH}`).map((k) => Number(k.id));
        if (keys.length === 0) return 0;
        const [first, last] = [keys[0]!, keys[keys.length - 1]!];
        await tx.$executeRaw`DELETE FROM search_words WHERE rowid IN (SELECT id FROM search_purge WHERE id BETWEEN ${first} AND ${last})`;
        await tx.$executeRaw`DELETE FROM search_exact WHERE rowid IN (SELECT id FROM search_purge WHERE id BETWEEN ${first} AND ${last})`;
        await tx.$executeRaw`DELETE FROM search_purge WHERE id BETWEEN ${first} AND ${last}`;
        return keys.length;
      },
      { secureDelete: false },
    );
    purged += done;
    if (done < BATCH) return { purged };
    await letOthersRun();
  }
}
