import type { MemoryRecord, SqlClient } from "../db.ts";
import { notFound } from "../errors.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "./memory-rows.ts";

export type { MemoryRecord } from "../db.ts";

export async function getMemory(client: SqlClient, storeId: string, memoryId: string): Promise<MemoryRecord> {
  const [row] = await client.$queryRaw<(MemoryRow & { content: string })[]>`
    SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ${memoryId} AND store_id = ${storeId}`;
  if (!row) throw notFound(`Memory ${memoryId} not found in memory store ${storeId}.`);
  return memoryFromRow(row);
}
