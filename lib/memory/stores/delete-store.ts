import type { Db, SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { enqueueWebhookEvent } from "../webhooks/enqueue-event.ts";
import { purgeSearchIndex } from "../search/purge-search-index.ts";
import { lockStore } from "./lock-store.ts";

/** Rows deleted per statement: a store of 10,000 memories and their versions goes in small steps. */
const BATCH = 250;

/**
 * Deletes the store with all its memories, versions and review state, in one transaction. The rows go in
 * batches with a yield between them rather than by one cascading DELETE, which on SQLite would
 * hold the event loop (and every other request) for as long as it runs. Allowed on archived stores.
 * On SQLite the deleted versions' search index rows go afterwards, in transactions of their own
 * (purgeSearchIndex); they are unreachable from the commit on. `precondition` runs once the
 * store is locked and throws to leave it alone (a bulk delete checks the store is as it saw it).
 */
export async function deleteStore(db: Db, storeId: string, options: { precondition?: (tx: SqlClient) => Promise<void> } = {}): Promise<{ id: string }> {
  const deleted = await db.sqlTransaction(
    async (tx) => {
      await lockStore(tx, storeId);
      await options.precondition?.(tx);
      for (const deleteBatch of [
        () => tx.$executeRaw`DELETE FROM memories WHERE id IN (SELECT id FROM memories WHERE store_id = ${storeId} LIMIT ${BATCH})`,
        () => tx.$executeRaw`DELETE FROM memory_versions WHERE id IN (SELECT id FROM memory_versions WHERE store_id = ${storeId} LIMIT ${BATCH})`,
        () => tx.$executeRaw`DELETE FROM review_items WHERE memory_id IN (SELECT memory_id FROM review_items WHERE store_id = ${storeId} LIMIT ${BATCH})`,
        () => tx.$executeRaw`DELETE FROM review_decisions WHERE id IN (SELECT id FROM review_decisions WHERE store_id = ${storeId} LIMIT ${BATCH})`,
      ]) {
        while ((await deleteBatch()) === BATCH) await letOthersRun();
      }
      await tx.$executeRaw`DELETE FROM memory_stores WHERE id = ${storeId}`;
      // Memory deletions inside a store deletion are not announced one by one: this one event says it all.
      await enqueueWebhookEvent(tx, { type: "memory_store.deleted", storeId, at: new Date(), data: { id: storeId } });
      return { id: storeId };
    },
    { timeoutMs: 60_000, secureDelete: false },
  );
  await letOthersRun(); // the commit was a long step of its own
  await purgeSearchIndex(db);
  return deleted;
}
