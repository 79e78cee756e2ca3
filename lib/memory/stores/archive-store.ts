import type { Db } from "../db.ts";
import { getStore } from "./get-store.ts";
import { lockStore } from "./lock-store.ts";

/** Irreversible. Archiving an archived store changes nothing and returns it as it is. */
export async function archiveStore(db: Db, storeId: string) {
  return db.transaction(async (tx) => {
    const locked = await lockStore(tx, storeId);
    if (locked.archived) return getStore(tx, storeId);
    const now = new Date();
    return tx.memoryStore.update({ where: { id: storeId }, data: { archivedAt: now, updatedAt: now } });
  });
}
