import { join, sql, type Sql } from "./db.ts";

/**
 * The stores a request may see: those of its workspace, and of them only `storeIds` when its key
 * is limited to some stores. Every query that reads across stores (lists, searches, reports,
 * the inbox) keeps to one (docs/design.md, "Workspaces"); a store outside it answers as one that
 * does not exist.
 */
export interface StoreScope {
  workspaceId: string;
  /** Only these stores (a key limited to some stores); undefined: every store of the workspace. */
  storeIds?: readonly string[];
}

/**
 * A condition on a column holding store ids (`m.store_id`, `s.id`): the store is in the scope.
 * For a table that names its store's workspace pass `workspaceColumn`: `memory_stores` itself
 * (`s.workspace_id`, which the (workspace_id, id) index serves directly) and `review_items`.
 */
export function inStoreScope(scope: StoreScope, storeIdColumn: Sql, workspaceColumn?: Sql): Sql {
  const inWorkspace = workspaceColumn
    ? sql`${workspaceColumn} = ${scope.workspaceId}`
    : sql`${storeIdColumn} IN (SELECT id FROM memory_stores WHERE workspace_id = ${scope.workspaceId})`;
  if (scope.storeIds === undefined) return inWorkspace;
  if (scope.storeIds.length === 0) return sql`1 = 0`;
  return sql`${inWorkspace} AND ${storeIdColumn} IN (${join([...scope.storeIds])})`;
}
