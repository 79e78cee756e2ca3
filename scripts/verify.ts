// npm run verify – recompute every store's history chain (lib/memory/integrity) and the audit
// log's; one line each; exit status 1 when any is broken.
import { getDb } from "../lib/db/instance.ts";
import { verifyAuditChain } from "../lib/memory/audit/verify-audit-chain.ts";
import { verifyEveryStore } from "../lib/memory/integrity/verify-every-store.ts";

const db = await getDb();
let broken = 0;
let stores = 0;
for await (const { name, report } of verifyEveryStore(db)) {
  stores += 1;
  const where = `${report.storeId} (${JSON.stringify(name)})`;
  if (report.status === "verified") {
    const redacted = report.redactionCount ? `, ${report.redactionCount} redacted` : "";
    const cut = report.checkpoint ? `, from retention's checkpoint at ${report.checkpoint.seq}` : "";
    console.log(`verified ${where}: ${report.versionsChecked} versions${redacted}${cut}`);
  } else {
    broken += 1;
    const b = report.break!;
    console.log(`BROKEN   ${where}: at version ${b.versionId || "(none)"} (chain_seq ${b.chainSeq ?? "none"}): ${b.problem}`);
  }
}
const audit = await verifyAuditChain(db);
if (audit.status === "verified") console.log(`verified audit log: ${audit.eventsChecked} events`);
else console.log(`BROKEN   audit log: at event ${audit.break!.versionId || "(none)"} (seq ${audit.break!.chainSeq ?? "none"}): ${audit.break!.problem}`);
console.log(broken ? `${broken} of ${stores} stores broken` : `all ${stores} stores verified`);
if (audit.status === "broken") broken += 1;
await db.close();
process.exit(broken ? 1 : 0);
