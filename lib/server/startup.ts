import { config } from "../config.ts";
import { getDb } from "../db/instance.ts";
import { createFirstAdmin } from "../auth/users.ts";
import { MemoryError } from "../memory/errors.ts";
import { pruneVersions } from "../memory/versions/prune-versions.ts";
import { flushSearchIndex, searchIndexPending } from "../memory/search/flush-search-index.ts";
import { pruneWebhookLog } from "../memory/webhooks/prune-webhooks.ts";
import type { Db } from "../memory/db.ts";
import { logger } from "../observability/logger.ts";
import { metrics } from "../observability/metrics.ts";
import { startWebhookWorker } from "../webhooks/delivery-worker.ts";

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

function startRetention(db: Db): PeriodicTasks {
  const { VERSION_RETENTION_DAYS, RETENTION_INTERVAL_MINUTES } = config();
  if (RETENTION_INTERVAL_MINUTES <= 0) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const prune = () => {
    running ??= pruneVersions(db, { retentionDays: VERSION_RETENTION_DAYS })
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
      })
      .finally(() => (running = null));
  };
  prune();
  const timer = setInterval(prune, RETENTION_INTERVAL_MINUTES * 60_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** How often SQLite's search index looks for versions to move out of its pending list. */
const SEARCH_FLUSH_INTERVAL_MS = 250;

/**
 * SQLite: moves newly written versions into the search index's FTS5 tables shortly after their
 * writes, in batches (lib/memory/search/flush-search-index.ts), so that the pending list stays
 * short and searches, which flush it first, rarely have anything to do. Nothing on PostgreSQL.
 */
function startSearchIndexFlusher(db: Db): PeriodicTasks {
  if (db.engine !== "sqlite") return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const flush = () => {
    running ??= searchIndexPending(db)
      .then((pending) => (pending ? flushSearchIndex(db) : 0))
      .then(() => undefined)
      .catch((error: unknown) => logger().error({ err: error }, "search index: moving pending versions failed, will retry"))
      .finally(() => (running = null));
  };
  flush();
  const timer = setInterval(flush, SEARCH_FLUSH_INTERVAL_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Runs once per server process (from instrumentation.ts): applies pending migrations by
 * opening the database, creates the first admin from the environment if asked, then prunes old
 * versions now and every RETENTION_INTERVAL_MINUTES, and starts the webhook delivery worker and
 * (SQLite) the search index's flusher.
 * Pruning is idempotent and deliveries are claimed with a lease, so each instance behind a load
 * balancer runs both.
 */
export async function onServerStart(): Promise<PeriodicTasks> {
  const db = await getDb();
  await createAdminFromEnv(db);
  const tasks = [startRetention(db), startWebhookWorker(db), startSearchIndexFlusher(db)];
  return { stop: async () => void (await Promise.all(tasks.map((t) => t.stop()))) };
}
