import { empty, join, sql, type Db } from "../db.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "./store-rows.ts";

export interface ListStoresInput {
  includeArchived: boolean;
  createdAtGte?: Date;
  createdAtLte?: Date;
  limit: number;
  /** Continue after this store id (newest first, so: ids below it). */
  afterId?: string;
  /** Only these stores (an API key limited to some stores); undefined means every store. */
  onlyIds?: readonly string[];
}

/** Stores newest first. Ids are time-ordered, so the order is stable and the cursor is an id. */
export async function listStores(db: Db, input: ListStoresInput) {
  if (input.onlyIds?.length === 0) return { items: [], nextAfterId: null };
  const where = [
    ...(input.includeArchived ? [] : [sql`archived_at IS NULL`]),
    ...(input.createdAtGte ? [sql`created_at >= ${input.createdAtGte}`] : []),
    ...(input.createdAtLte ? [sql`created_at <= ${input.createdAtLte}`] : []),
    ...(input.afterId ? [sql`id < ${input.afterId}`] : []),
    ...(input.onlyIds ? [sql`id IN (${join([...input.onlyIds])})`] : []),
  ];
  const rows = await db.sql.$queryRaw<StoreRow[]>`
    SELECT ${STORE_COLUMNS} FROM memory_stores
    ${where.length > 0 ? sql`WHERE ${join(where, " AND ")}` : empty}
    ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(storeFromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
