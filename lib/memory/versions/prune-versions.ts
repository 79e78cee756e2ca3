import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { purgeSearchIndex } from "../search/purge-search-index.ts";

/** Versions deleted per transaction: a backlog of millions never holds the event loop or the write lock for long. */
const BATCH = 1000;

/**
 * Retention: deletes versions written before the cutoff, except each live memory's head
 * version (the one holding its current content), which is kept however old it is, and the
 * versions an open review compares (its settled version and every one after it). Deleting a
 * store removes its versions separately. Idempotent, so every app instance may run it, and
 * each batch is its own transaction: an interrupted run leaves nothing half-done. Then the
 * search index rows of deleted versions (of this run, or of a store deletion a crash
 * interrupted) are purged.
 */
export async function pruneVersions(db: Db, input: { retentionDays: number; now?: Date }): Promise<{ deleted: number }> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.retentionDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    const batch = await db.sqlTransaction(
      (tx) => tx.$executeRaw`
      DELETE FROM memory_versions WHERE id IN (
        SELECT v.id FROM memory_versions v
        WHERE v.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = v.memory_id AND m.memory_version_id = v.id)
          AND NOT EXISTS (SELECT 1 FROM review_items r WHERE r.memory_id = v.memory_id AND (r.settled_version_id IS NULL OR v.id >= r.settled_version_id))
        LIMIT ${BATCH})`,
      { secureDelete: false },
    );
    deleted += batch;
    if (batch < BATCH) {
      await purgeSearchIndex(db);
      return { deleted };
    }
    await letOthersRun();
  }
}
