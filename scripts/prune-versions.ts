// npm run prune – delete versions older than VERSION_RETENTION_DAYS (heads of live memories stay).
import { config } from "../lib/config.ts";
import { getDb } from "../lib/db/instance.ts";
import { pruneVersions } from "../lib/memory/versions/prune-versions.ts";
import { integritySigner } from "../lib/server/integrity-signer.ts";

const db = await getDb();
const { VERSION_RETENTION_DAYS } = config();
const { deleted } = await pruneVersions(db, { retentionDays: VERSION_RETENTION_DAYS, signer: integritySigner() });
console.log(`pruned ${deleted} versions older than ${VERSION_RETENTION_DAYS} days`);
await db.close();
