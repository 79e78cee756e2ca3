import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";

/** Rows deleted per transaction, as in version retention. */
const BATCH = 1000;

/**
 * The delivery log's retention, run with version retention: deliveries finished (delivered or
 * failed) before the cutoff, then events older than the cutoff that no delivery refers to any
 * more. Pending deliveries and their events are kept however old. Idempotent, batched.
 */
export async function pruneWebhookLog(db: Db, input: { retentionDays: number; now?: Date }): Promise<{ deleted: number }> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.retentionDays * 86_400_000);
  let deleted = 0;
  for (const statement of [
    () =>
      db.sqlTransaction(
        (tx) => tx.$executeRaw`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ${cutoff} LIMIT ${BATCH})`,
      ),
    () =>
      db.sqlTransaction(
        (tx) => tx.$executeRaw`
      DELETE FROM webhook_events WHERE id IN (
        SELECT e.id FROM webhook_events e WHERE e.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) LIMIT ${BATCH})`,
      ),
  ]) {
    for (;;) {
      const batch = await statement();
      deleted += batch;
      if (batch < BATCH) break;
      await letOthersRun();
    }
  }
  return { deleted };
}
