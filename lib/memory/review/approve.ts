import type { Actor } from "../actor.ts";
import type { Db, SqlClient } from "../db.ts";
import { conflict } from "../errors.ts";
import { lockStore } from "../stores/lock-store.ts";
import { openItem } from "./open-item.ts";
import type { ReviewChange } from "./policy.ts";
import type { ReviewDecisionRecord, ReviewItemRecord } from "./review-rows.ts";
import { authorsJson } from "./review-authors.ts";
import { recordDecision, settleOpenItem } from "./settle.ts";
import { authorsBetween } from "./unsettled-states.ts";

export interface ApproveInput {
  storeId: string;
  memoryId: string;
  /** The head version the reviewer saw: the approval covers up to it, never past it. */
  seenHeadVersionId: string;
  actor: Actor;
  batchId?: string | null;
  /** Why, in the reviewer's words; kept with the decision. */
  reason?: string | null;
}

export interface ReviewOutcome {
  decision: ReviewDecisionRecord;
  /** What still awaits review: the newer change an agent wrote after the reviewer looked. */
  remaining: ReviewItemRecord | null;
}

/**
 * Settles the memory at the version the reviewer saw. When an agent wrote again meanwhile,
 * the approval covers only what was shown: the item stays open from there, with the newer
 * versions alone.
 */
export async function approveInTx(tx: SqlClient, input: ApproveInput): Promise<ReviewOutcome> {
  const item = await openItem(tx, input.storeId, input.memoryId);
  const settlement = { action: "approved" as const, actor: input.actor, batchId: input.batchId, reason: input.reason };
  if (item.headVersionId === input.seenHeadVersionId) {
    return { decision: (await settleOpenItem(tx, item.memoryId, settlement, null))!, remaining: null };
  }
  const [seen] = await tx.$queryRaw<{ id: string; operation: string; path: string | null }[]>`
    SELECT id, operation, path FROM memory_versions WHERE id = ${input.seenHeadVersionId} AND memory_id = ${item.memoryId}`;
  const pending = seen && (item.settledVersionId === null || seen.id > item.settledVersionId) && seen.id < item.headVersionId;
  if (!pending) {
    throw conflict(
      `Version ${input.seenHeadVersionId} is not among the changes of memory ${item.memoryId} awaiting review (they end at ${item.headVersionId}). Reload the inbox.`,
    );
  }
  // A version that deleted the memory settles it as not existing, like one never created.
  const settledPath = seen.operation === "deleted" ? null : seen.path;
  const change: ReviewChange =
    item.headOperation === "deleted" ? "deleted" : settledPath === null ? "created" : settledPath === item.path ? "modified" : "renamed";
  const [rest] = await tx.$queryRaw<{ n: number | bigint; first_at: Date | string }[]>`
    SELECT COUNT(*) AS n, MIN(created_at) AS first_at FROM memory_versions WHERE memory_id = ${item.memoryId} AND id > ${seen.id} AND id <= ${item.headVersionId}`;
  const remaining: ReviewItemRecord = {
    ...item,
    settledVersionId: seen.id,
    settledPath,
    change,
    versionCount: Number(rest!.n),
    firstPendingAt: new Date(rest!.first_at),
  };
  // What is left awaiting review is the newer versions alone, and theirs are its authors.
  remaining.authors = await authorsBetween(tx, item.storeId, item.memoryId, { from: seen.id, to: item.headVersionId });
  await tx.$executeRaw`
    UPDATE review_items SET settled_version_id = ${seen.id}, settled_path = ${settledPath}, change = ${change},
      version_count = ${remaining.versionCount}, first_pending_at = ${remaining.firstPendingAt}, authors = ${authorsJson(remaining.authors)}
    WHERE memory_id = ${item.memoryId}`;
  const decision = await recordDecision(tx, {
    ...settlement,
    storeId: item.storeId,
    memoryId: item.memoryId,
    fromVersionId: item.settledVersionId,
    toVersionId: seen.id,
    resultVersionId: null,
  });
  return { decision, remaining };
}

export async function approveReview(db: Db, input: ApproveInput): Promise<ReviewOutcome> {
  return db.sqlTransaction(async (tx) => {
    await lockStore(tx, input.storeId);
    return approveInTx(tx, input);
  });
}
