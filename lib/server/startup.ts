import { sweepAllStaleMemories } from "../memory/policies/stale-memories.ts";
import { sweepLifecycleRules } from "../memory/store-actions/lifecycle-rule.ts";
import { flushReads } from "../memory/reads/read-buffer.ts";
import { config } from "../config.ts";
import { getDb } from "../db/instance.ts";
import { createFirstAdmin } from "../auth/users.ts";
import { MemoryError } from "../memory/errors.ts";
import { pruneVersions } from "../memory/versions/prune-versions.ts";
import { flushInBackground } from "../memory/search/flush-search-index.ts";
import { pruneWebhookLog } from "../memory/webhooks/prune-webhooks.ts";
import type { Db } from "../memory/db.ts";
import { logger } from "../observability/logger.ts";
import { metrics } from "../observability/metrics.ts";
import { startWebhookWorker } from "../webhooks/delivery-worker.ts";
import { integritySigner } from "./integrity-signer.ts";

/** MEMORY_CONSOLE_ADMIN_EMAIL + _PASSWORD create the first admin without the setup page. */
async function createAdminFromEnv(db: Db) {
  const { MEMORY_CONSOLE_ADMIN_EMAIL: email, MEMORY_CONSOLE_ADMIN_PASSWORD: password } = config();
  if (!email || !password) return;
  try {
    await createFirstAdmin(db, { email, password });
    logger().info(`created the first admin ${email} from MEMORY_CONSOLE_ADMIN_EMAIL`);
  } catch (error) {
    // An existing account is the normal case on every start after the first.
    if (!(error instanceof MemoryError && error.code === "conflict")) throw error;
  }
}

/** The periodic tasks this process runs; the graceful shutdown stops them. */
export interface PeriodicTasks {
  /** Stops the timers and waits for a run in progress to end. */
  stop(): Promise<void>;
}

/** Runs `task` now and every `intervalMs`, never twice at once; stop() waits for a run in progress. */
function repeat(task: () => Promise<void>, intervalMs: number): PeriodicTasks {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task().finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, intervalMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

function startRetention(db: Db): PeriodicTasks {
  const { VERSION_RETENTION_DAYS, RETENTION_INTERVAL_MINUTES } = config();
  if (RETENTION_INTERVAL_MINUTES <= 0) return { stop: async () => {} };
  const prune = () =>
    pruneVersions(db, { retentionDays: VERSION_RETENTION_DAYS, signer: integritySigner() })
      .then(async (result) => {
        await pruneWebhookLog(db, { retentionDays: VERSION_RETENTION_DAYS });
        return result;
      })
      .then(({ deleted }) => {
        metrics().retentionRuns.inc({ outcome: "ok" });
        metrics().retentionPrunedVersions.inc(deleted);
        if (deleted > 0) logger().info(`retention: pruned ${deleted} versions older than ${VERSION_RETENTION_DAYS} days`);
      })
      .catch((error: unknown) => {
        metrics().retentionRuns.inc({ outcome: "failed" });
        logger().error({ err: error }, "retention: pruning failed, will retry next interval");
      });
  return repeat(prune, RETENTION_INTERVAL_MINUTES * 60_000);
}

/** Memories past their write policy's review_after_days are put in the inbox every ten minutes (and when the inbox is read). */
const STALE_SWEEP_INTERVAL_MS = 10 * 60_000;

function startStaleSweeps(db: Db): PeriodicTasks {
  const sweep = () =>
    sweepAllStaleMemories(db)
      .then((n) => {
        if (n > 0) logger().info(`write policy: ${n} memories past review_after_days now await review`);
      })
      .catch((error: unknown) => logger().error({ err: error }, "write policy: the stale-memory sweep failed, will retry next interval"));
  return repeat(sweep, STALE_SWEEP_INTERVAL_MS);
}

/** Workspaces' lifecycle rules (archive_after_idle_days) are swept on the same schedule as stale memories. */
function startLifecycleSweeps(db: Db): PeriodicTasks {
  const sweep = () =>
    sweepLifecycleRules(db)
      .then((reports) => {
        for (const report of reports) logger().info(`lifecycle rule: ${report.id} archived idle stores of workspace ${report.workspaceId}`);
      })
      .catch((error: unknown) => logger().error({ err: error }, "lifecycle rule: the idle-store sweep failed, will retry next interval"));
  return repeat(sweep, STALE_SWEEP_INTERVAL_MS);
}

/**
 * How often the search index looks for versions that wait for it (each time it moves at most
 * the dialect's TextIndex.flushSlice).
 */
const SEARCH_FLUSH_INTERVAL_MS = 250;

/**
 * Moves newly written versions into the search index shortly after their writes, in batches
 * (lib/memory/search/flush-search-index.ts): on SQLite every write's, so that the pending list
 * stays short and searches, which flush it first, rarely have anything to do; on PostgreSQL an
 * import's, whose versions skip the GIN indexes in the import's own transaction.
 */
function startSearchIndexFlusher(db: Db): PeriodicTasks {
  const flush = async () => {
    try {
      await flushInBackground(db);
    } catch (error) {
      logger().error({ err: error }, "search index: moving pending versions failed, will retry");
    }
  };
  return repeat(flush, SEARCH_FLUSH_INTERVAL_MS);
}

/** How often this process writes the reads it buffered (lib/memory/reads/read-buffer.ts): a crash loses at most about this much. */
const READ_FLUSH_INTERVAL_MS = 1000;

function startReadFlusher(db: Db): PeriodicTasks {
  const flush = () => flushReads(db).catch((error: unknown) => logger().error({ err: error }, "reads: writing buffered reads failed, will retry"));
  return repeat(flush, READ_FLUSH_INTERVAL_MS);
}

/**
 * Runs once per server process (from instrumentation.ts): applies pending migrations by
 * opening the database, creates the first admin from the environment if asked, then prunes old
 * versions now and every RETENTION_INTERVAL_MINUTES, and starts the webhook delivery worker and
 * the search index's flusher.
 * Pruning is idempotent and deliveries are claimed with a lease, so each instance behind a load
 * balancer runs both.
 */
export async function onServerStart(): Promise<PeriodicTasks> {
  const db = await getDb();
  await createAdminFromEnv(db);
  const tasks = [startRetention(db), startWebhookWorker(db), startSearchIndexFlusher(db), startStaleSweeps(db), startLifecycleSweeps(db), startReadFlusher(db)];
  return { stop: async () => void (await Promise.all(tasks.map((t) => t.stop()))) };
}
