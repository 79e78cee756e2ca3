import { join, type SqlClient } from "../db.ts";

/** Ids per statement: a bound list, whatever the number of stores asked about. */
const IDS_PER_STATEMENT = 500;

/**
 * The names of the stores with these ids, by id, for lists that name stores they hold by id (an
 * API key's stores). An id with no store (deleted since) has no entry: the caller says so.
 */
export async function findStoreNames(client: SqlClient, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, string>();
  for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
    const batch = unique.slice(i, i + IDS_PER_STATEMENT);
    const rows = await client.$queryRaw<{ id: string; name: string }[]>`SELECT id, name FROM memory_stores WHERE id IN (${join(batch)})`;
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}
