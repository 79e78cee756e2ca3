import type { Db } from "../db.ts";
import { lockStore } from "./lock-store.ts";

/** Deletes the store with all its memories and versions (foreign keys cascade). Allowed on archived stores. */
export async function deleteStore(db: Db, storeId: string): Promise<{ id: string }> {
  return db.transaction(
    async (tx) => {
      await lockStore(tx, storeId);
      await tx.memoryStore.delete({ where: { id: storeId } });
      return { id: storeId };
    },
    { timeoutMs: 60_000 },
  );
}
