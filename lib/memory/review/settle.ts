import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import type { SqlClient } from "../db.ts";
import { newId } from "../ids.ts";
import type { ReviewAction } from "./policy.ts";
import type { ReviewDecisionRecord } from "./review-rows.ts";

export interface Settlement {
  action: ReviewAction;
  actor: Actor;
  batchId?: string | null;
  redacted?: boolean;
  /** The reviewer's reason, kept with the decision (blank means none). */
  reason?: string | null;
}

/** Records who decided the versions after `from` up to `to` of a memory. */
export async function recordDecision(
  tx: SqlClient,
  decision: Settlement & { storeId: string; memoryId: string; fromVersionId: string | null; toVersionId: string; resultVersionId: string | null },
): Promise<ReviewDecisionRecord> {
  const record: ReviewDecisionRecord = {
    id: newId("revdec"),
    storeId: decision.storeId,
    memoryId: decision.memoryId,
    action: decision.action,
    fromVersionId: decision.fromVersionId,
    toVersionId: decision.toVersionId,
    resultVersionId: decision.resultVersionId,
    redacted: decision.redacted ?? false,
    reviewer: decision.actor,
    batchId: decision.batchId ?? null,
    reason: decision.reason?.trim() || null,
    createdAt: new Date(),
  };
  await tx.$executeRaw`
    INSERT INTO review_decisions (id, store_id, memory_id, action, from_version_id, to_version_id, result_version_id, redacted, reviewer_type, reviewer_id, batch_id, reason, created_at)
    VALUES (${record.id}, ${record.storeId}, ${record.memoryId}, ${record.action}, ${record.fromVersionId}, ${record.toVersionId}, ${record.resultVersionId},
      ${record.redacted}, ${record.reviewer.type}, ${actorId(record.reviewer)}, ${record.batchId}, ${record.reason}, ${record.createdAt})`;
  return record;
}

/**
 * Closes the memory's open review item, if it has one, and records the decision: everything
 * from the settled version up to the item's head was decided (`resultVersionId` is what the
 * decision itself wrote, if anything). Returns null when nothing awaited review.
 */
export async function settleOpenItem(
  tx: SqlClient,
  memoryId: string,
  settlement: Settlement,
  resultVersionId: string | null,
): Promise<ReviewDecisionRecord | null> {
  const [item] = await tx.$queryRaw<{ store_id: string; settled_version_id: string | null; head_version_id: string }[]>`
    DELETE FROM review_items WHERE memory_id = ${memoryId} RETURNING store_id, settled_version_id, head_version_id`;
  if (!item) return null;
  return recordDecision(tx, {
    ...settlement,
    storeId: item.store_id,
    memoryId,
    fromVersionId: item.settled_version_id,
    toVersionId: item.head_version_id,
    resultVersionId,
  });
}
