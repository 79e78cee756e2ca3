import type { Db } from "../db.ts";
import { newId } from "../ids.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";
import { validateMetadata, validateStoreDescription, validateStoreName } from "./store-rules.ts";

export interface CreateStoreInput {
  name: unknown;
  description?: unknown;
  metadata?: unknown;
}

export async function createStore(db: Db, input: CreateStoreInput) {
  const name = validateStoreName(input.name);
  const description = input.description == null ? "" : validateStoreDescription(input.description);
  const metadata = JSON.stringify(input.metadata == null ? {} : validateMetadata(input.metadata));
  const now = new Date();
  const [row] = await db.sqlTransaction(
    (tx) => tx.$queryRaw<StoreRow[]>`
      INSERT INTO memory_stores (id, name, description, metadata, memory_count, created_at, updated_at)
      VALUES (${newId("memstore")}, ${name}, ${description}, ${metadata}, 0, ${now}, ${now})
      RETURNING ${STORE_COLUMNS}`,
  );
  return storeFromRow(row!);
}
