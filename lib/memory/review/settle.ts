import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import { join, sql, type SqlClient } from "../db.ts";
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

/** Memories per statement when settling many at once. */
const SETTLED_PER_STATEMENT = 500;

/**
 * settleOpenItem for many memories at once (a restore's chunk), each with the version its act
 * wrote: the open items closed with one DELETE and their decisions recorded with one INSERT per
 * batch, instead of two statements per memory.
 */
export async function settleOpenItems(
  tx: SqlClient,
  settled: readonly { memoryId: string; resultVersionId: string | null }[],
  settlement: Settlement,
): Promise<void> {
  for (let i = 0; i < settled.length; i += SETTLED_PER_STATEMENT) {
    const batch = settled.slice(i, i + SETTLED_PER_STATEMENT);
    const items = await tx.$queryRaw<{ memory_id: string; store_id: string; settled_version_id: string | null; head_version_id: string }[]>`
      DELETE FROM review_items WHERE memory_id IN (${join(batch.map((s) => s.memoryId))})
      RETURNING memory_id, store_id, settled_version_id, head_version_id`;
    if (items.length === 0) continue;
    // Decisions in the order asked (their ids are time-ordered), not the order the DELETE answered in.
    const order = new Map(batch.map((s, n) => [s.memoryId, n]));
    items.sort((a, b) => order.get(a.memory_id)! - order.get(b.memory_id)!);
    const result = new Map(batch.map((s) => [s.memoryId, s.resultVersionId]));
    const createdAt = new Date();
    const reason = settlement.reason?.trim() || null;
    const rows = items.map(
      (item) => sql`(${newId("revdec")}, ${item.store_id}, ${item.memory_id}, ${settlement.action}, ${item.settled_version_id}, ${item.head_version_id},
        ${result.get(item.memory_id) ?? null}, ${settlement.redacted ?? false}, ${settlement.actor.type}, ${actorId(settlement.actor)},
        ${settlement.batchId ?? null}, ${reason}, ${createdAt})`,
    );
    await tx.$executeRaw`
      INSERT INTO review_decisions (id, store_id, memory_id, action, from_version_id, to_version_id, result_version_id, redacted, reviewer_type, reviewer_id, batch_id, reason, created_at)
      VALUES ${join(rows)}`;
  }
}
