import type { Db } from "../db.ts";
import { newId } from "../ids.ts";
import { validateMetadata, validateStoreDescription, validateStoreName } from "./store-rules.ts";

export interface CreateStoreInput {
  name: unknown;
  description?: unknown;
  metadata?: unknown;
}

export async function createStore(db: Db, input: CreateStoreInput) {
  const name = validateStoreName(input.name);
  const description = input.description == null ? "" : validateStoreDescription(input.description);
  const metadata = input.metadata == null ? {} : validateMetadata(input.metadata);
  const now = new Date();
  return db.transaction((tx) =>
    tx.memoryStore.create({
      data: { id: newId("memstore"), name, description, metadata: JSON.stringify(metadata), createdAt: now, updatedAt: now },
    }),
  );
}
