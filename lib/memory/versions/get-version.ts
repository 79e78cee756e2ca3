import type { SqlClient } from "../db.ts";
import { notFound } from "../errors.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { versionColumns, versionFromRow, type MemoryVersion, type VersionRow } from "./version-rows.ts";

export async function getVersion(client: SqlClient, storeId: string, versionId: string): Promise<MemoryVersion> {
  const [row] = await client.$queryRaw<(VersionRow & { content: string | null })[]>`
    SELECT ${versionColumns(true)} FROM memory_versions WHERE id = ${versionId} AND store_id = ${storeId}`;
  if (!row) {
    // A store that does not exist is said so first, as a store of another workspace is (lib/http/route.ts): the two answers are one.
    await assertStoreExists(client, storeId);
    throw notFound(`Memory version ${versionId} not found in memory store ${storeId}.`);
  }
  return versionFromRow(row);
}

export type VersionRecord = MemoryVersion;
