// npm run transfer -- --from URL --from-key K --store ID --to URL --to-key K [--history] [--to-store ID] – copy a store between servers
import { parseArgs } from "node:util";
import { isWorkspaceId } from "../lib/memory/workspace.ts";
import { transferStore, type TransferProgress } from "../lib/transfer/transfer-store.ts";

const USAGE = `Usage: npm run transfer -- --from <url> --from-key <key> --store <memstore_id> --to <url> --to-key <key> [--history] [--to-store <memstore_id>] [--from-workspace <wrkspc_id>] [--to-workspace <wrkspc_id>]

The workspaces are needed only with organisation-scoped keys, for stores outside Default.`;
const { values } = parseArgs({
  options: {
    from: { type: "string" },
    "from-key": { type: "string" },
    store: { type: "string" },
    to: { type: "string" },
    "to-key": { type: "string" },
    "to-store": { type: "string" },
    "from-workspace": { type: "string" },
    "to-workspace": { type: "string" },
    history: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.from || !values["from-key"] || !values.store || !values.to || !values["to-key"]) {
  console.error(USAGE);
  process.exit(2);
}
for (const flag of ["from-workspace", "to-workspace"] as const) {
  if (values[flag] !== undefined && !isWorkspaceId(values[flag])) {
    console.error(`--${flag} must be a workspace id (wrkspc_…).\n\n${USAGE}`);
    process.exit(2);
  }
}

function bar({ total, done, created, updated, unchanged, failed }: TransferProgress): string {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}  created ${created}  updated ${updated}  unchanged ${unchanged}  failed ${failed}`;
}

// Ctrl-C stops scheduling; what is in flight finishes and the report is printed. Run the same command again to resume.
const stop = new AbortController();
process.once("SIGINT", () => stop.abort());

const tty = process.stderr.isTTY;
let last = 0;
const report = await transferStore({
  from: { baseURL: values.from, apiKey: values["from-key"], workspaceId: values["from-workspace"] },
  to: { baseURL: values.to, apiKey: values["to-key"], workspaceId: values["to-workspace"] },
  storeId: values.store,
  toStoreId: values["to-store"],
  history: values.history,
  signal: stop.signal,
  onProgress: (progress) => {
    if (tty) process.stderr.write(`\r${bar(progress)}`);
    else if (progress.done === progress.total || Date.now() - last > 1000) {
      last = Date.now();
      process.stderr.write(`${bar(progress)}\n`);
    }
  },
}).catch((error: Error) => {
  console.error(`\ntransfer failed: ${error.message}`);
  process.exit(1);
});
if (tty) process.stderr.write("\n");
console.log(
  [
    `source ${report.sourceStoreId} → destination ${report.destinationStoreId}${report.createdStore ? " (created)" : ""}`,
    ...(values.history
      ? [`history: ${report.versionsImported} versions replayed${report.versionsImported ? "" : " (the destination already held memories)"}`]
      : []),
    `memories: ${report.total} in the source; ${report.created} created, ${report.updated} updated, ${report.unchanged} already the same, ${report.failed} failed`,
    ...report.failures.map((f) => `  failed ${f.path}: ${f.message}`),
    ...(report.onlyInDestination ? [`${report.onlyInDestination} memories of the destination are not in the source (left as they are)`] : []),
    report.interrupted
      ? "interrupted: run the same command again to resume"
      : report.identical
        ? "the destination matches the source"
        : "the destination does not match the source yet",
  ].join("\n"),
);
process.exit(report.failed > 0 || report.interrupted || !report.identical ? 1 : 0);
