import { actorFromColumns, type Actor } from "../actor.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { join, sql, type Db } from "../db.ts";

/** A recorded review batch: one bulk approve or revert, as its decisions (sharing `batch_id`) tell it. */
export interface ReviewBatch {
  id: string;
  action: string;
  reviewer: Actor | null;
  /** When its first decision was recorded. */
  createdAt: Date;
  decisions: number;
  storeIds: string[];
  reason: string | null;
  /** The newest undo of it (a dry run or a report), if any. */
  lastUndo: { id: string; status: string } | null;
}

type BatchRow = {
  batch_id: string;
  action: string;
  reviewer_type: string;
  reviewer_id: string;
  created_at: Date | string;
  decisions: number | bigint;
  reason: string | null;
};

/**
 * Batches newest first (batch ids are time-ordered, so the cursor is the last id): only batches
 * all of whose decisions are in the scope's stores (its workspace's, or a store-limited key's
 * there): a batch is undone whole or not at all.
 */
export async function listReviewBatches(db: Db, input: { limit: number; afterId?: string; scope: StoreScope }) {
  const where = [sql`batch_id IS NOT NULL`, ...(input.afterId ? [sql`batch_id < ${input.afterId}`] : [])];
  const having = sql`HAVING SUM(CASE WHEN ${inStoreScope(input.scope, sql`store_id`)} THEN 0 ELSE 1 END) = 0`;
  const rows = await db.sql.$queryRaw<BatchRow[]>`
    SELECT batch_id, MIN(action) AS action, MIN(reviewer_type) AS reviewer_type, MIN(reviewer_id) AS reviewer_id,
      MIN(created_at) AS created_at, COUNT(*) AS decisions, MAX(reason) AS reason
    FROM review_decisions WHERE ${join(where, " AND ")}
    GROUP BY batch_id ${having} ORDER BY batch_id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const page = hasMore ? rows.slice(0, input.limit) : rows;
  const ids = page.map((r) => r.batch_id);
  const stores = new Map<string, string[]>();
  const undos = new Map<string, { id: string; status: string }>();
  if (ids.length > 0) {
    const storeRows = await db.sql.$queryRaw<{ batch_id: string; store_id: string }[]>`
      SELECT DISTINCT batch_id, store_id FROM review_decisions WHERE batch_id IN (${join(ids)}) ORDER BY store_id`;
    for (const r of storeRows) stores.set(r.batch_id, [...(stores.get(r.batch_id) ?? []), r.store_id]);
    const undoRows = await db.sql.$queryRaw<{ batch_id: string; id: string; status: string }[]>`
      SELECT batch_id, id, status FROM review_batch_undos WHERE batch_id IN (${join(ids)}) ORDER BY id`;
    for (const r of undoRows) undos.set(r.batch_id, { id: r.id, status: r.status });
  }
  const items: ReviewBatch[] = page.map((r) => ({
    id: r.batch_id,
    action: r.action,
    reviewer: actorFromColumns(r.reviewer_type, r.reviewer_id),
    createdAt: new Date(r.created_at),
    decisions: Number(r.decisions),
    storeIds: stores.get(r.batch_id) ?? [],
    reason: r.reason,
    lastUndo: undos.get(r.batch_id) ?? null,
  }));
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
