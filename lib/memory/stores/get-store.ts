import type { MemoryStore, SqlClient } from "../db.ts";
import { storeNotFound } from "../errors.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";

export async function getStore(client: SqlClient, storeId: string): Promise<MemoryStore> {
  const [row] = await client.$queryRaw<StoreRow[]>`SELECT ${STORE_COLUMNS} FROM memory_stores WHERE id = ${storeId}`;
  if (!row) throw storeNotFound(storeId);
  return storeFromRow(row);
}

export type StoreRecord = MemoryStore;
