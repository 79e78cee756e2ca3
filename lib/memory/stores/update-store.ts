import type { Db } from "../db.ts";
import { getStore } from "./get-store.ts";
import { assertNotArchived, lockStore } from "./lock-store.ts";
import { mergeMetadata, validateStoreDescription, validateStoreName } from "./store-rules.ts";

export interface UpdateStoreInput {
  storeId: string;
  /** Each field: undefined or null leaves it as it is. */
  name?: unknown;
  description?: unknown;
  metadata?: unknown;
}

/** Name, description and metadata (merged: null removes a key). `updated_at` moves only when something changed. */
export async function updateStore(db: Db, input: UpdateStoreInput) {
  const name = input.name == null ? undefined : validateStoreName(input.name);
  const description = input.description == null ? undefined : validateStoreDescription(input.description);
  return db.transaction(async (tx) => {
    assertNotArchived(await lockStore(tx, input.storeId), "updating the store");
    const store = await getStore(tx, input.storeId);
    const metadata = input.metadata == null ? undefined : JSON.stringify(mergeMetadata(JSON.parse(store.metadata), input.metadata));
    const changed =
      (name !== undefined && name !== store.name) ||
      (description !== undefined && description !== store.description) ||
      (metadata !== undefined && metadata !== store.metadata);
    if (!changed) return store;
    return tx.memoryStore.update({
      where: { id: store.id },
      data: { name, description, metadata, updatedAt: new Date() },
    });
  });
}
