import { getItems, getRow, listRows } from "../bulk/report-tables.ts";
import type { Db, SqlClient } from "../db.ts";
import { join, sql } from "../db.ts";
import type { StoreScope } from "../store-scope.ts";
import { BULK_DELETION_ITEMS, BULK_DELETIONS, type BulkDeletion, type BulkItem } from "./bulk-deletion-rows.ts";

export function getBulkDeletion(client: SqlClient, id: string, workspaceId: string): Promise<BulkDeletion> {
  return getRow(client, BULK_DELETIONS, id, "Bulk deletion", workspaceId);
}

/** Every item of a bulk deletion: what the dry run saw (by store, then path or name), then what matched late. */
export function getBulkDeletionItems(client: SqlClient, id: string): Promise<BulkItem[]> {
  return getItems(client, BULK_DELETION_ITEMS, id);
}

/**
 * Bulk deletions of the scope's workspace newest first (dry runs included); a scope with
 * `storeIds` limits them to memory deletions in those stores, `memoriesOnly` to memory deletions.
 */
export async function listBulkDeletions(db: Db, input: { limit: number; afterId?: string; scope: StoreScope; memoriesOnly?: boolean }) {
  const { storeIds, workspaceId } = input.scope;
  if (storeIds?.length === 0) return { items: [], nextAfterId: null };
  const where = [...(storeIds ? [sql`store_id IN (${join([...storeIds])})`] : []), ...(input.memoriesOnly ? [sql`target = 'memories'`] : [])];
  return listRows(db.sql, BULK_DELETIONS, { limit: input.limit, afterId: input.afterId, workspaceId, where });
}
