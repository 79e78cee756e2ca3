import { join, sql, type Db } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { decisionColumns, decisionFromRow, type ReviewDecisionRow } from "./review-rows.ts";

export interface DecisionFilter {
  /** The stores the caller may see: its workspace's, or a store-limited key's there. */
  scope: StoreScope;
  storeId?: string;
  memoryId?: string;
  batchId?: string;
}

/** Who settled what, newest first: a memory's review trail, a store's, or one bulk action's report. */
export async function listDecisions(db: Db, input: DecisionFilter & { limit: number; afterId?: string }) {
  const where = [
    inStoreScope(input.scope, sql`store_id`),
    ...(input.storeId !== undefined ? [sql`store_id = ${input.storeId}`] : []),
    ...(input.memoryId !== undefined ? [sql`memory_id = ${input.memoryId}`] : []),
    ...(input.batchId !== undefined ? [sql`batch_id = ${input.batchId}`] : []),
    ...(input.afterId !== undefined ? [sql`id < ${input.afterId}`] : []),
  ];
  const rows = await db.sql.$queryRaw<ReviewDecisionRow[]>`
    SELECT ${decisionColumns()} FROM review_decisions WHERE ${where.length > 0 ? join(where, " AND ") : sql`1 = 1`}
    ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(decisionFromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
