import type { Db } from "../db.ts";

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
  const rows = await db.read.memoryStore.findMany({
    where: {
      ...(input.includeArchived ? {} : { archivedAt: null }),
      ...(input.createdAtGte || input.createdAtLte
        ? { createdAt: { ...(input.createdAtGte && { gte: input.createdAtGte }), ...(input.createdAtLte && { lte: input.createdAtLte }) } }
        : {}),
      id: { ...(input.afterId && { lt: input.afterId }), ...(input.onlyIds && { in: [...input.onlyIds] }) },
    },
    orderBy: { id: "desc" },
    take: input.limit + 1,
  });
  const hasMore = rows.length > input.limit;
  const items = hasMore ? rows.slice(0, input.limit) : rows;
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
