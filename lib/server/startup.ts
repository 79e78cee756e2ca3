import { config } from "../config.ts";
import { getDb } from "../db/instance.ts";
import { pruneVersions } from "../memory/versions/prune-versions.ts";

/**
 * Runs once per server process (from instrumentation.ts): applies pending migrations by
 * opening the database, then prunes old versions now and every RETENTION_INTERVAL_MINUTES.
 * Pruning is idempotent, so each instance behind a load balancer may do it.
 */
export async function onServerStart() {
  const db = await getDb();
  const { VERSION_RETENTION_DAYS, RETENTION_INTERVAL_MINUTES } = config();
  if (RETENTION_INTERVAL_MINUTES <= 0) return;
  const prune = () =>
    pruneVersions(db, { retentionDays: VERSION_RETENTION_DAYS })
      .then(({ deleted }) => {
        if (deleted > 0) console.log(`retention: pruned ${deleted} versions older than ${VERSION_RETENTION_DAYS} days`);
      })
      .catch((error) => console.error("retention: pruning failed, will retry next interval:", error));
  void prune();
  setInterval(prune, RETENTION_INTERVAL_MINUTES * 60_000).unref();
}
