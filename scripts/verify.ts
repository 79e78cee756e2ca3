// npm run verify – recompute every store's history chain (lib/memory/integrity) and the audit
// log's; one line each; exit status 1 when any is broken.
import { defineCommand } from "../lib/cli/command-line.ts";
import { getDb } from "../lib/db/instance.ts";
import { verifyAuditChain } from "../lib/memory/audit/verify-audit-chain.ts";
import { verifyEveryStore } from "../lib/memory/integrity/verify-every-store.ts";

defineCommand({
  script: "verify",
  summary:
    "Recomputes every store's history chain and the audit log's chain in the database named by DATABASE_URL and prints a line each: " +
    "verified, or BROKEN with the first version that does not match. Exits with status 1 when any is broken.",
  options: {},
  examples: ["npm run verify"],
}).parseOrExit();

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
