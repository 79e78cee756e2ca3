import type { Client } from "../db.ts";
import { notFound } from "../errors.ts";

export async function getStore(client: Client, storeId: string) {
  const store = await client.memoryStore.findUnique({ where: { id: storeId } });
  if (!store) throw notFound(`Memory store ${storeId} not found.`);
  return store;
}

export type StoreRecord = Awaited<ReturnType<typeof getStore>>;
