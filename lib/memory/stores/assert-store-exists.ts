import type { SqlClient } from "../db.ts";
import { storeNotFound } from "../errors.ts";

/** Throws not_found unless the store exists: one index seek, for callers that need nothing else of it. */
export async function assertStoreExists(client: SqlClient, storeId: string): Promise<void> {
  const [row] = await client.$queryRaw<{ id: string }[]>`SELECT id FROM memory_stores WHERE id = ${storeId}`;
  if (!row) throw storeNotFound(storeId);
}
