import type { Db } from "../db.ts";
import { getStore } from "./get-store.ts";
import { assertNotArchived, lockStore } from "./lock-store.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";
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
  return db.sqlTransaction(async (tx) => {
    assertNotArchived(await lockStore(tx, input.storeId), "updating the store");
    const store = await getStore(tx, input.storeId);
    const metadata = input.metadata == null ? store.metadata : JSON.stringify(mergeMetadata(JSON.parse(store.metadata), input.metadata));
    const next = { name: name ?? store.name, description: description ?? store.description, metadata };
    if (next.name === store.name && next.description === store.description && next.metadata === store.metadata) return store;
    // The store's row is locked, so writing back the fields this request left alone loses nothing.
    const [row] = await tx.$queryRaw<StoreRow[]>`
      UPDATE memory_stores SET name = ${next.name}, description = ${next.description}, metadata = ${next.metadata}, updated_at = ${new Date()}
      WHERE id = ${store.id}
      RETURNING ${STORE_COLUMNS}`;
    return storeFromRow(row!);
  });
}
