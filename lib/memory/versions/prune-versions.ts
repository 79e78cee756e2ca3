import { join, sql, type Db, type SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { purgeSearchIndex } from "../search/purge-search-index.ts";
import { backfillPendingChains } from "../integrity/backfill-chain.ts";
import { recordCheckpoints } from "../integrity/checkpoint.ts";
import { forgetPreviousPaths } from "./forget-previous-paths.ts";
import type { Signer } from "../integrity/signing.ts";

/** Versions deleted per transaction: a backlog of millions never holds the event loop or the write lock for long. */
const BATCH = 1000;

/**
 * Retention: deletes versions written before the cutoff, except each live memory's head
 * version (the one holding its current content), which is kept however old it is, and the
 * versions an open review compares (its settled version and every one after it). Deleting a
 * store removes its versions separately. Idempotent, so every app instance may run it, and
 * each batch is its own transaction: an interrupted run leaves nothing half-done. Then the
 * search index rows of deleted versions (of this run, or of a store deletion a crash
 * interrupted) are purged. Each store's history chain gets a checkpoint where it was cut
 * (lib/memory/integrity/checkpoint.ts), signed when a signer is given, so it verifies from there.
 */
export async function pruneVersions(db: Db, input: { retentionDays: number; now?: Date; signer?: Signer }): Promise<{ deleted: number }> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.retentionDays * 86_400_000);
  // A chain still to be hashed (history from before migration 0016) is hashed whole before any of it goes.
  await backfillPendingChains(db);
  let deleted = 0;
  for (;;) {
    const batch = await db.sqlTransaction(
      async (tx) => {
        const prunable = sql`v.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = v.memory_id AND m.memory_version_id = v.id)
          AND NOT EXISTS (SELECT 1 FROM review_items r WHERE r.memory_id = v.memory_id AND (r.settled_version_id IS NULL OR v.id >= r.settled_version_id))`;
        // Each version described its memory until the next one was written: "as of" a moment up to
        // then can no longer be answered exactly (lib/memory/time-travel/answerable-moment.ts).
        const rows = await tx.$queryRaw<
          { id: string; store_id: string; memory_id: string; ends_at: Date | string; chain_seq: number | bigint | null; chain_hash: string | null }[]
        >`
        SELECT v.id, v.store_id, v.memory_id, v.chain_seq, v.chain_hash, COALESCE((SELECT min(n.created_at) FROM memory_versions n
            WHERE n.store_id = v.store_id AND n.memory_id = v.memory_id AND n.id > v.id), v.created_at) AS ends_at
        FROM memory_versions v WHERE ${prunable}
        LIMIT ${BATCH}`;
        if (rows.length === 0) return 0;
        await recordHorizons(tx, rows);
        await recordCheckpoints(tx, rows, input.signer);
        const deleted = await tx.$executeRaw`DELETE FROM memory_versions WHERE id IN (${join(rows.map((r) => r.id))}) AND id IN (
        SELECT v.id FROM memory_versions v WHERE ${prunable})`;
        await forgetPreviousPaths(
          tx,
          sql`
          SELECT column1 AS store_id, column2 AS memory_id, column3 AS id FROM (VALUES ${join(rows.map((r) => sql`(${r.store_id}, ${r.memory_id}, ${r.id})`))}) AS pruned
          WHERE NOT EXISTS (SELECT 1 FROM memory_versions v WHERE v.id = pruned.column3)`,
        );
        return deleted;
      },
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

/** Moves each store's history horizon forward to the latest moment a version about to be pruned described. */
async function recordHorizons(tx: SqlClient, rows: readonly { store_id: string; ends_at: Date | string }[]) {
  const latest = new Map<string, Date>();
  for (const row of rows) {
    const end = new Date(row.ends_at);
    const known = latest.get(row.store_id);
    if (!known || end > known) latest.set(row.store_id, end);
  }
  for (const [storeId, end] of latest) {
    await tx.$executeRaw`UPDATE memory_stores SET history_horizon = ${end} WHERE id = ${storeId} AND (history_horizon IS NULL OR history_horizon < ${end})`;
  }
}
