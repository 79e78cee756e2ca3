import type { Client } from "../db.ts";
import { notFound } from "../errors.ts";

export async function getMemory(client: Client, storeId: string, memoryId: string) {
  const memory = await client.memoryRecord.findFirst({ where: { id: memoryId, storeId } });
  if (!memory) throw notFound(`Memory ${memoryId} not found in memory store ${storeId}.`);
  return memory;
}

export type MemoryRecord = Awaited<ReturnType<typeof getMemory>>;
