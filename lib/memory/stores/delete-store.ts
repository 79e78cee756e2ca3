import type { Db, SqlClient, TransactionOptions } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { enqueueWebhookEvent } from "../webhooks/enqueue-event.ts";
import { purgeSearchIndex } from "../search/purge-search-index.ts";
import { lockStore } from "./lock-store.ts";

/** Rows deleted per statement: a store of 10,000 memories and their versions goes in small steps. */
const BATCH = 250;

/** A store's deletion is one long transaction that frees many pages (lib/memory/db.ts, secureDelete). */
export const STORE_DELETION_TRANSACTION: TransactionOptions = { timeoutMs: 60_000, secureDelete: false };

/**
 * Deletes the store with all its memories, versions and review state, in one transaction, leaving
 * its usage counters and a tombstone (lib/memory/usage: the Usage page's past stays true). Allowed
 * on archived stores. On SQLite the deleted versions' search index rows go afterwards, in
 * transactions of their own (purgeSearchIndex); they are unreachable from the commit on.
 */
export async function deleteStore(db: Db, storeId: string): Promise<{ id: string }> {
  await db.sqlTransaction(async (tx) => {
    await lockStore(tx, storeId);
    await deleteLockedStore(tx, storeId);
  }, STORE_DELETION_TRANSACTION);
  await letOthersRun(); // the commit was a long step of its own
  await purgeSearchIndex(db);
  return { id: storeId };
}

/**
 * A store the caller's transaction has locked, and everything in it. The rows go in batches with
 * a yield between them rather than by one cascading DELETE, which on SQLite would hold the event
 * loop (and every other request) for as long as it runs. The caller purges the search index
 * after the commit (purgeSearchIndex).
 */
export async function deleteLockedStore(tx: SqlClient, storeId: string): Promise<void> {
  for (const deleteBatch of [
    () => tx.$executeRaw`DELETE FROM memories WHERE id IN (SELECT id FROM memories WHERE store_id = ${storeId} LIMIT ${BATCH})`,
    // Before the versions, in batches too: their reads would otherwise go by cascade inside the versions' batches, unbounded.
    () => tx.$executeRaw`DELETE FROM memory_reads WHERE id IN (SELECT id FROM memory_reads WHERE store_id = ${storeId} LIMIT ${BATCH})`,
    () => tx.$executeRaw`DELETE FROM memory_versions WHERE id IN (SELECT id FROM memory_versions WHERE store_id = ${storeId} LIMIT ${BATCH})`,
    () => tx.$executeRaw`DELETE FROM review_items WHERE memory_id IN (SELECT memory_id FROM review_items WHERE store_id = ${storeId} LIMIT ${BATCH})`,
    () => tx.$executeRaw`DELETE FROM review_decisions WHERE id IN (SELECT id FROM review_decisions WHERE store_id = ${storeId} LIMIT ${BATCH})`,
  ]) {
    while ((await deleteBatch()) === BATCH) await letOthersRun();
  }
  // Its tombstone for the Usage page (migration 0036): when it was made and went, and what it held; no name, no content.
  const [store] = await tx.$queryRaw<{ workspace_id: string }[]>`
    INSERT INTO deleted_stores (store_id, workspace_id, created_at, deleted_at, memory_count, content_bytes)
    SELECT id, workspace_id, created_at, ${new Date()}, memory_count, content_bytes FROM memory_stores WHERE id = ${storeId}
    RETURNING workspace_id`;
  await tx.$executeRaw`DELETE FROM memory_stores WHERE id = ${storeId}`;
  // Memory deletions inside a store deletion are not announced one by one: this one event says it all (to its workspace's endpoints).
  await enqueueWebhookEvent(tx, { type: "memory_store.deleted", storeId, workspaceId: store?.workspace_id, at: new Date(), data: { id: storeId } });
}
