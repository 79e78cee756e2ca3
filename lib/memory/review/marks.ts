import type { Actor } from "../actor.ts";
import { inStoreScope } from "../store-scope.ts";
import { join, sql, type Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { decisionColumns, decisionFromRow, type ReviewDecisionRow } from "./review-rows.ts";

export const MARKS_MAX_VERSIONS = 100;

export interface ReviewMark {
  state: "awaiting" | "approved" | "reverted";
  reviewer: Actor | null;
  at: Date | null;
  /** The reviewer's reason for the decision, if they gave one. */
  reason: string | null;
}

/** A version lies in a range (after `from`, up to `to`) of one memory's versions. */
const within = (id: string, from: string | null, to: string) => (from === null || id > from) && id <= to;

/**
 * What review says of each of these versions of a store, for the history views: awaiting (an
 * open item covers it), or approved/reverted by whom (the latest decision covering it). A
 * version no review touched (a reviewer's own write, a store not under review) has no mark.
 */
export async function reviewMarks(db: Db, storeId: string, versionIds: readonly string[], workspaceId: string): Promise<Map<string, ReviewMark>> {
  if (versionIds.length > MARKS_MAX_VERSIONS) throw invalidRequest(`version_id: at most ${MARKS_MAX_VERSIONS} at a time.`);
  const marks = new Map<string, ReviewMark>();
  if (versionIds.length === 0) return marks;
  const versions = await db.sql.$queryRaw<{ id: string; memory_id: string }[]>`
    SELECT id, memory_id FROM memory_versions
    WHERE store_id = ${storeId} AND ${inStoreScope({ workspaceId }, sql`store_id`)} AND id IN (${join([...new Set(versionIds)])})`;
  const memoryIds = [...new Set(versions.map((v) => v.memory_id))];
  if (memoryIds.length === 0) return marks;
  const [items, decisionRows] = await Promise.all([
    db.sql.$queryRaw<{ memory_id: string; settled_version_id: string | null; head_version_id: string }[]>`
      SELECT memory_id, settled_version_id, head_version_id FROM review_items WHERE store_id = ${storeId} AND memory_id IN (${join(memoryIds)})`,
    db.sql.$queryRaw<ReviewDecisionRow[]>`
      SELECT ${decisionColumns()} FROM review_decisions WHERE store_id = ${storeId} AND memory_id IN (${join(memoryIds)}) ORDER BY id DESC`,
  ]);
  const itemOf = new Map(items.map((i) => [i.memory_id, i]));
  const decisions = decisionRows.map(decisionFromRow);
  for (const v of versions) {
    const item = itemOf.get(v.memory_id);
    if (item && within(v.id, item.settled_version_id, item.head_version_id)) {
      marks.set(v.id, { state: "awaiting", reviewer: null, at: null, reason: null });
      continue;
    }
    const decision = decisions.find((d) => d.memoryId === v.memory_id && within(v.id, d.fromVersionId, d.toVersionId));
    if (decision)
      marks.set(v.id, {
        state: decision.action === "reverted" ? "reverted" : "approved",
        reviewer: decision.reviewer,
        at: decision.createdAt,
        reason: decision.reason,
      });
  }
  return marks;
}
