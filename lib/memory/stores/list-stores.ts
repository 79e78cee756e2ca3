import { join, sql, type Db } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";

export interface ListStoresInput {
  includeArchived: boolean;
  createdAtGte?: Date;
  createdAtLte?: Date;
  limit: number;
  /** Continue after this store id (newest first, so: ids below it). */
  afterId?: string;
  /** The request's workspace, and the stores of it a limited key may see. */
  scope: StoreScope;
}

/** Stores newest first. Ids are time-ordered, so the order is stable and the cursor is an id. */
export async function listStores(db: Db, input: ListStoresInput) {
  const where = [
    inStoreScope(input.scope, sql`id`, sql`workspace_id`),
    ...(input.includeArchived ? [] : [sql`archived_at IS NULL`]),
    ...(input.createdAtGte ? [sql`created_at >= ${input.createdAtGte}`] : []),
    ...(input.createdAtLte ? [sql`created_at <= ${input.createdAtLte}`] : []),
    ...(input.afterId ? [sql`id < ${input.afterId}`] : []),
  ];
  const rows = await db.sql.$queryRaw<StoreRow[]>`
    SELECT ${STORE_COLUMNS} FROM memory_stores
    WHERE ${join(where, " AND ")}
    ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(storeFromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
