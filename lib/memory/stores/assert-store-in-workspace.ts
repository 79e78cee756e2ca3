import type { SqlClient } from "../db.ts";
import { storeNotFound } from "../errors.ts";

/**
 * Throws not_found unless the store exists in the workspace: a store of another workspace answers
 * exactly as one that does not exist (docs/design.md, "Workspaces"), for stores named in a body
 * or a query rather than the path (the route wrapper checks those).
 */
export async function assertStoreInWorkspace(client: SqlClient, workspaceId: string, storeId: string): Promise<void> {
  const [row] = await client.$queryRaw<{ id: string }[]>`SELECT id FROM memory_stores WHERE id = ${storeId} AND workspace_id = ${workspaceId}`;
  if (!row) throw storeNotFound(storeId);
}

/** The same for each of several stores. */
export async function assertStoresInWorkspace(client: SqlClient, workspaceId: string, storeIds: readonly string[]): Promise<void> {
  for (const id of storeIds) await assertStoreInWorkspace(client, workspaceId, id);
}

/** The workspace a store is in; not found when there is no such store. */
export async function workspaceOfStore(client: SqlClient, storeId: string): Promise<string> {
  const [row] = await client.$queryRaw<{ workspace_id: string }[]>`SELECT workspace_id FROM memory_stores WHERE id = ${storeId}`;
  if (!row) throw storeNotFound(storeId);
  return row.workspace_id;
}
