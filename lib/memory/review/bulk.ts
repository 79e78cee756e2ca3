import type { Actor } from "../actor.ts";
import { join, type Db, type SqlClient } from "../db.ts";
import { invalidRequest, MemoryError } from "../errors.ts";
import { newId } from "../ids.ts";
import { letOthersRun } from "../let-others-run.ts";
import { lockStore } from "../stores/lock-store.ts";
import { approveInTx } from "./approve.ts";
import { reviewWhere, type ReviewFilter } from "./list-reviews.ts";
import { revertInTx } from "./revert.ts";
import { settleOpenItems } from "./settle.ts";

export const BULK_ACTIONS = ["approve", "revert"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many items per bulk request: a preview that finds more asks for a narrower filter. */
export const BULK_MAX_ITEMS = 10_000;
/** Items decided per transaction: a bulk action never holds a store's lock (or SQLite's) for long. */
const PER_TRANSACTION = 100;

export interface BulkItem {
  memoryId: string;
  headVersionId: string;
}

export interface PreviewItem extends BulkItem {
  storeId: string;
  path: string;
}

function distinct(memoryIds: readonly string[]) {
  if (memoryIds.length > BULK_MAX_ITEMS) throw invalidRequest(`items: at most ${BULK_MAX_ITEMS.toLocaleString("en-US")} per request.`);
  return [...new Set(memoryIds)];
}

async function openItemsOf(db: Db, memoryIds: readonly string[], filter: ReviewFilter): Promise<PreviewItem[]> {
  const found: PreviewItem[] = [];
  for (let i = 0; i < memoryIds.length; i += 500) {
    const rows = await db.sql.$queryRaw<{ memory_id: string; head_version_id: string; store_id: string; path: string }[]>`
      SELECT r.memory_id, r.head_version_id, r.store_id, r.path FROM review_items r
      WHERE r.memory_id IN (${join(memoryIds.slice(i, i + 500))}) AND ${reviewWhere(filter)}`;
    found.push(...rows.map((r) => ({ memoryId: r.memory_id, headVersionId: r.head_version_id, storeId: r.store_id, path: r.path })));
  }
  return found;
}

/**
 * The dry run of a bulk action: the items a filter (or a selection) covers now, each with the
 * head it will be conditional on. The action itself takes exactly this list back.
 */
export async function previewBulk(db: Db, input: { filter: ReviewFilter; memoryIds?: readonly string[] }): Promise<PreviewItem[]> {
  if (input.memoryIds) return openItemsOf(db, distinct(input.memoryIds), input.filter);
  const rows = await db.sql.$queryRaw<{ memory_id: string; head_version_id: string; store_id: string; path: string }[]>`
    SELECT r.memory_id, r.head_version_id, r.store_id, r.path FROM review_items r WHERE ${reviewWhere(input.filter)}
    ORDER BY r.updated_at DESC, r.memory_id DESC LIMIT ${BULK_MAX_ITEMS + 1}`;
  if (rows.length > BULK_MAX_ITEMS) {
    throw invalidRequest(`More than ${BULK_MAX_ITEMS.toLocaleString("en-US")} items match; narrow the filter (a store or a path prefix) and act in parts.`);
  }
  return rows.map((r) => ({ memoryId: r.memory_id, headVersionId: r.head_version_id, storeId: r.store_id, path: r.path }));
}

/** The memories of `memoryIds` whose open item in the store is still at the head the preview saw (under the store's lock: nothing moves it meanwhile). */
async function stillAtSeenHead(tx: SqlClient, storeId: string, memoryIds: readonly string[], heads: ReadonlyMap<string, string>): Promise<string[]> {
  const rows = await tx.$queryRaw<{ memory_id: string; head_version_id: string }[]>`
    SELECT memory_id, head_version_id FROM review_items WHERE store_id = ${storeId} AND memory_id IN (${join(memoryIds)})`;
  const current = new Map(rows.map((r) => [r.memory_id, r.head_version_id]));
  return memoryIds.filter((memoryId) => current.get(memoryId) === heads.get(memoryId));
}

export interface BulkReport {
  batchId: string;
  action: BulkAction;
  requested: number;
  applied: number;
  conflicts: { memoryId: string; message: string }[];
}

/**
 * Approves or reverts the items a preview returned, each conditional on its head as the
 * preview saw it. Items are decided store by store in small transactions; one that cannot be
 * (settled by someone else, changed since, a path now taken) is reported and the rest go on.
 * The decisions share a batch id: the report of who did what stays in the database.
 */
export async function runBulk(
  db: Db,
  input: { action: BulkAction; items: readonly BulkItem[]; actor: Actor; filter: ReviewFilter; reason?: string | null },
): Promise<BulkReport> {
  const memoryIds = distinct(input.items.map((i) => i.memoryId));
  const heads = new Map(input.items.map((i) => [i.memoryId, i.headVersionId]));
  const open = await openItemsOf(db, memoryIds, input.filter);
  const storeOf = new Map(open.map((i) => [i.memoryId, i.storeId]));
  const report: BulkReport = { batchId: newId("revbatch"), action: input.action, requested: memoryIds.length, applied: 0, conflicts: [] };
  for (const memoryId of memoryIds) {
    if (!storeOf.has(memoryId)) report.conflicts.push({ memoryId, message: `Nothing in memory ${memoryId} awaits review any more.` });
  }
  const byStore = new Map<string, string[]>();
  for (const { memoryId, storeId } of open) byStore.set(storeId, [...(byStore.get(storeId) ?? []), memoryId]);
  for (const [storeId, storeItems] of byStore) {
    for (let i = 0; i < storeItems.length; i += PER_TRANSACTION) {
      const chunk = storeItems.slice(i, i + PER_TRANSACTION);
      try {
        const outcome = await db.sqlTransaction(async (tx) => {
          const store = await lockStore(tx, storeId);
          const applied: string[] = [];
          const failed: { memoryId: string; message: string }[] = [];
          // Approvals whose head is still the one previewed settle together (approveInTx would
          // settle each alone, three statements apiece); the rest go one by one below.
          const together = input.action === "approve" ? await stillAtSeenHead(tx, storeId, chunk, heads) : [];
          const settlement = { action: "approved" as const, actor: input.actor, batchId: report.batchId, reason: input.reason };
          await settleOpenItems(
            tx,
            together.map((memoryId) => ({ memoryId, resultVersionId: null })),
            settlement,
          );
          applied.push(...together);
          const settled = new Set(together);
          for (const memoryId of chunk.filter((m) => !settled.has(m))) {
            const one = { storeId, memoryId, seenHeadVersionId: heads.get(memoryId)!, actor: input.actor, batchId: report.batchId, reason: input.reason };
            try {
              // Every check of an action runs before its first write, so a refused item leaves the transaction clean.
              if (input.action === "approve") await approveInTx(tx, one);
              else await revertInTx(tx, store, one);
              applied.push(memoryId);
            } catch (error) {
              if (!(error instanceof MemoryError) || error.code === "overloaded") throw error;
              failed.push({ memoryId, message: error.message });
            }
          }
          return { applied, failed };
        });
        report.applied += outcome.applied.length;
        report.conflicts.push(...outcome.failed);
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error;
        report.conflicts.push(...chunk.map((memoryId) => ({ memoryId, message: error.message })));
      }
      await letOthersRun();
    }
  }
  return report;
}
