import type { Db } from "../db.ts";
import { join, sql } from "../db.ts";
import { retryDelaySeconds } from "./retry-schedule.ts";

export interface ClaimedDelivery {
  id: string;
  /** The attempt this claim is for (1 for the first); the outcome is recorded only against it. */
  attempt: number;
  endpointId: string;
  url: string;
  secret: string;
  eventId: string;
  payload: string;
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints for this worker: each gets a lease
 * (`locked_until`, `lease_owner`) and its attempt is counted before anything is sent, in one
 * statement. On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP LOCKED, so two
 * instances polling at once take different rows (a row another claim already leased fails the
 * re-checked condition); SQLite has one writer at a time, so the UPDATE alone is enough. A
 * worker that dies mid-delivery leaves its lease to expire, and the attempt is made again by
 * whoever claims it next: each event is delivered at least once, never by two workers at once.
 */
export async function claimDueDeliveries(db: Db, input: { owner: string; leaseSeconds: number; limit: number; now?: Date }): Promise<ClaimedDelivery[]> {
  const now = input.now ?? new Date();
  const until = new Date(now.getTime() + input.leaseSeconds * 1000);
  const skipLocked = db.dialect.skipLocked;
  return db.sqlTransaction(async (tx) => {
    // The candidates are a MATERIALIZED CTE: as `id IN (SELECT … LIMIT … FOR UPDATE SKIP LOCKED)`,
    // PostgreSQL may run the subquery again while updating and take more than `limit` rows.
    const claimed = await tx.$queryRaw<{ id: string; attempt_count: number | bigint }[]>`
      WITH due AS MATERIALIZED (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints p ON p.id = d.endpoint_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.locked_until IS NULL OR d.locked_until < ${now}) AND p.enabled = TRUE
        ORDER BY d.next_attempt_at LIMIT ${input.limit} ${skipLocked})
      UPDATE webhook_deliveries SET locked_until = ${until}, lease_owner = ${input.owner}, attempt_count = attempt_count + 1, last_attempt_at = ${now}
      WHERE id IN (SELECT id FROM due) AND status = 'pending' AND (locked_until IS NULL OR locked_until < ${now})
      RETURNING id, attempt_count`;
    if (claimed.length === 0) return [];
    const rows = await tx.$queryRaw<{ id: string; endpoint_id: string; url: string; secret: string; event_id: string; payload: string }[]>`
      SELECT d.id, d.endpoint_id, p.url, p.secret, d.event_id, e.payload
      FROM webhook_deliveries d JOIN webhook_endpoints p ON p.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id
      WHERE d.id IN (${join(claimed.map((c) => c.id))})`;
    const attempts = new Map(claimed.map((c) => [c.id, Number(c.attempt_count)]));
    return rows.map((r) => ({
      id: r.id,
      attempt: attempts.get(r.id)!,
      endpointId: r.endpoint_id,
      url: r.url,
      secret: r.secret,
      eventId: r.event_id,
      payload: r.payload,
    }));
  });
}

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, for the delivery log (status, timeout, refused address); never a response body. */
  error: string | null;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseSeconds: number;
  maxSeconds: number;
}

/**
 * Records an attempt's outcome and releases the lease: delivered, due again after the backoff,
 * or failed for good after `maxAttempts`. Conditional on this worker still holding this attempt
 * (a lease that expired and was claimed again belongs to the newer attempt).
 */
export async function recordDeliveryOutcome(
  db: Db,
  claim: Pick<ClaimedDelivery, "id" | "attempt">,
  owner: string,
  outcome: DeliveryOutcome,
  policy: RetryPolicy,
) {
  const now = new Date();
  const holds = sql`id = ${claim.id} AND lease_owner = ${owner} AND attempt_count = ${claim.attempt}`;
  return db.sqlTransaction(async (tx) => {
    if (outcome.ok) {
      return tx.$executeRaw`
        UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ${now}, last_status_code = ${outcome.statusCode}, last_error = NULL, locked_until = NULL, lease_owner = NULL
        WHERE ${holds}`;
    }
    const giveUp = claim.attempt >= policy.maxAttempts;
    const next = new Date(now.getTime() + retryDelaySeconds(claim.attempt, policy) * 1000);
    return tx.$executeRaw`
      UPDATE webhook_deliveries SET status = ${giveUp ? "failed" : "pending"}, next_attempt_at = ${giveUp ? now : next},
        last_status_code = ${outcome.statusCode}, last_error = ${outcome.error}, locked_until = NULL, lease_owner = NULL
      WHERE ${holds}`;
  });
}
