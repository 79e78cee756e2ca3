import type { MemoryRecord, SqlClient } from "../db.ts";
import { notFound } from "../errors.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "./memory-rows.ts";

export type { MemoryRecord } from "../db.ts";

export async function getMemory(client: SqlClient, storeId: string, memoryId: string): Promise<MemoryRecord> {
  const [row] = await client.$queryRaw<(MemoryRow & { content: string })[]>`
    SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ${memoryId} AND store_id = ${storeId}`;
  if (!row) {
    // A store that does not exist is said so first, as a store of another workspace is (lib/http/route.ts): the two answers are one.
    await assertStoreExists(client, storeId);
    throw notFound(`Memory ${memoryId} not found in memory store ${storeId}.`);
  }
  return memoryFromRow(row);
}
