import type { Client } from "../db.ts";
import { notFound } from "../errors.ts";

export async function getVersion(client: Client, storeId: string, versionId: string) {
  const version = await client.memoryVersion.findFirst({ where: { id: versionId, storeId } });
  if (!version) throw notFound(`Memory version ${versionId} not found in memory store ${storeId}.`);
  return version;
}

export type VersionRecord = Awaited<ReturnType<typeof getVersion>>;
