import type { Db, SqlClient } from "../db.ts";
import { enqueueWebhookEvent } from "../webhooks/enqueue-event.ts";
import { getStore } from "./get-store.ts";
import { lockStore } from "./lock-store.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";

/** Irreversible. Archiving an archived store changes nothing and returns it as it is. */
export async function archiveStore(db: Db, storeId: string) {
  return db.sqlTransaction(async (tx) => {
    const locked = await lockStore(tx, storeId);
    if (locked.archived) return getStore(tx, storeId);
    return archiveLockedStore(tx, storeId);
  });
}

/** A store the caller's transaction has locked, not yet archived, archived now; announced to the webhooks. */
export async function archiveLockedStore(tx: SqlClient, storeId: string) {
  const now = new Date();
  const [row] = await tx.$queryRaw<StoreRow[]>`
    UPDATE memory_stores SET archived_at = ${now}, updated_at = ${now} WHERE id = ${storeId} RETURNING ${STORE_COLUMNS}`;
  await enqueueWebhookEvent(tx, { type: "memory_store.archived", storeId, at: now, data: { id: storeId } });
  return storeFromRow(row!);
}
