import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { config } from "../config.ts";
import type { Db } from "../memory/db.ts";
import { claimDueDeliveries, recordDeliveryOutcome } from "../memory/webhooks/claim-deliveries.ts";
import { logger } from "../observability/logger.ts";
import { metrics } from "../observability/metrics.ts";
import { sendWebhook } from "./send-webhook.ts";

/** Deliveries one poll takes at most; they are sent concurrently. */
const BATCH = 10;

/**
 * Each instance's webhook delivery worker: every WEBHOOK_POLL_INTERVAL_SECONDS it claims due
 * deliveries with a lease (lib/memory/webhooks/claim-deliveries.ts), sends them, and records
 * each outcome; a full batch polls again at once. The lease outlasts the HTTP timeout, so no
 * other instance takes an attempt still in flight. stop() (graceful shutdown) waits for the
 * poll in progress; a delivery cut short by a crash is retried once its lease expires.
 */
export function startWebhookWorker(db: Db): { stop(): Promise<void> } {
  const c = config();
  if (c.WEBHOOK_POLL_INTERVAL_SECONDS <= 0) return { stop: async () => {} };
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const timeoutMs = c.WEBHOOK_TIMEOUT_SECONDS * 1000;
  const policy = { maxAttempts: c.WEBHOOK_MAX_ATTEMPTS, baseSeconds: c.WEBHOOK_RETRY_BASE_SECONDS, maxSeconds: c.WEBHOOK_RETRY_MAX_SECONDS };
  let stopped = false;
  let running: Promise<void> | null = null;

  async function pollOnce(): Promise<number> {
    const claimed = await claimDueDeliveries(db, { owner, leaseSeconds: c.WEBHOOK_TIMEOUT_SECONDS + 30, limit: BATCH });
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await sendWebhook(delivery, timeoutMs);
        await recordDeliveryOutcome(db, delivery, owner, outcome, policy);
        metrics().webhookAttempts.inc({ outcome: outcome.ok ? "delivered" : delivery.attempt >= policy.maxAttempts ? "failed" : "retry" });
        if (!outcome.ok)
          logger().warn(
            { delivery_id: delivery.id, endpoint_id: delivery.endpointId, attempt: delivery.attempt, error: outcome.error },
            "webhook delivery failed",
          );
      }),
    );
    return claimed.length;
  }

  const poll = () => {
    running ??= (async () => {
      while (!stopped && (await pollOnce()) === BATCH);
    })()
      .catch((error: unknown) => logger().error({ err: error }, "webhooks: delivery poll failed, will retry next interval"))
      .finally(() => (running = null));
  };
  const timer = setInterval(poll, c.WEBHOOK_POLL_INTERVAL_SECONDS * 1000).unref();
  poll();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
