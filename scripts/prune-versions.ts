// npm run prune – delete versions older than VERSION_RETENTION_DAYS (heads of live memories stay).
import { defineCommand } from "../lib/cli/command-line.ts";
import { config } from "../lib/config.ts";
import { getDb } from "../lib/db/instance.ts";
import { pruneVersions } from "../lib/memory/versions/prune-versions.ts";
import { integritySigner } from "../lib/server/integrity-signer.ts";

defineCommand({
  script: "prune",
  summary:
    "Runs retention once on the database named by DATABASE_URL: deletes versions older than VERSION_RETENTION_DAYS (default 30), " +
    "except each live memory's head version and the versions an open review compares. " +
    "Every server instance prunes at start and every RETENTION_INTERVAL_MINUTES as well.",
  options: {},
  examples: ["VERSION_RETENTION_DAYS=90 npm run prune"],
}).parseOrExit();

const db = await getDb();
const { VERSION_RETENTION_DAYS } = config();
const { deleted } = await pruneVersions(db, { retentionDays: VERSION_RETENTION_DAYS, signer: integritySigner() });
console.log(`pruned ${deleted} versions older than ${VERSION_RETENTION_DAYS} days`);
await db.close();
