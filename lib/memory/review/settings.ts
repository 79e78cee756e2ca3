import type { Actor } from "../actor.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { lockStore } from "../stores/lock-store.ts";
import { REVIEW_POLICIES, type ReviewPolicy } from "./policy.ts";

export async function getReviewPolicy(db: Db, storeId: string): Promise<ReviewPolicy> {
  const [row] = await db.sql.$queryRaw<{ review_policy: string }[]>`SELECT review_policy FROM memory_stores WHERE id = ${storeId}`;
  if (!row) await assertStoreExists(db.sql, storeId);
  return row!.review_policy as ReviewPolicy;
}

/**
 * Changes whose later writes await review. Items already open stay open (an agent's change
 * is not approved by a setting), and further agent writes to them join them.
 */
/** Sets who awaits review; a change made by someone (`by`) is recorded in the audit log as `policy.changed`. */
export async function setReviewPolicy(db: Db, storeId: string, policy: unknown, by?: Actor): Promise<ReviewPolicy> {
  if (!REVIEW_POLICIES.includes(policy as ReviewPolicy)) throw invalidRequest(`needs_review: must be one of ${REVIEW_POLICIES.join(", ")}.`);
  return db.sqlTransaction(async (tx) => {
    await lockStore(tx, storeId);
    const [before] = await tx.$queryRaw<{ review_policy: string }[]>`SELECT review_policy FROM memory_stores WHERE id = ${storeId}`;
    await tx.$executeRaw`UPDATE memory_stores SET review_policy = ${policy as string} WHERE id = ${storeId}`;
    if (by && before?.review_policy !== policy) {
      await recordAuditEvent(tx, {
        action: "policy.changed",
        actor: by,
        target: { type: "review_policy", id: storeId },
        storeId,
        details: { policy: "needs_review", before: before?.review_policy ?? null, after: policy },
      });
    }
    return policy as ReviewPolicy;
  });
}
