import type { SqlClient } from "../db.ts";
import { conflict } from "../errors.ts";
import { itemColumns, itemFromRow, type ReviewItemRecord, type ReviewItemRow } from "./review-rows.ts";

/**
 * The memory's open item in this store, read under the store lock: what a review action acts
 * on. Gone means another reviewer (or a reviewer's own edit) settled it first.
 */
export async function openItem(tx: SqlClient, storeId: string, memoryId: string): Promise<ReviewItemRecord> {
  const [row] = await tx.$queryRaw<ReviewItemRow[]>`
    SELECT ${itemColumns()} FROM review_items WHERE memory_id = ${memoryId} AND store_id = ${storeId}`;
  if (!row) throw nothingAwaits(memoryId);
  return itemFromRow(row);
}

export const nothingAwaits = (memoryId: string) =>
  conflict(`Nothing in memory ${memoryId} awaits review any more: someone else settled it since you looked. Reload the inbox.`);

/** Actions that rewrite the memory cover exactly what the reviewer saw, or nothing. */
export function assertHeadUnchanged(item: ReviewItemRecord, seenHeadVersionId: string, action: string) {
  if (item.headVersionId !== seenHeadVersionId) {
    throw conflict(
      `Memory ${item.memoryId} (${item.path}) changed after you looked: version ${item.headVersionId} is newer than ${seenHeadVersionId}. Nothing was ${action}; review the newer change.`,
    );
  }
}
