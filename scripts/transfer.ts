// npm run transfer -- --from URL --from-key K --store ID --to URL --to-key K [--history] [--to-store ID] – copy a store between servers
import { defineCommand } from "../lib/cli/command-line.ts";
import { isWorkspaceId } from "../lib/memory/workspace.ts";
import { transferStore, type TransferProgress } from "../lib/transfer/transfer-store.ts";

const command = defineCommand({
  script: "transfer",
  summary:
    "Copies a store between two Memory Stores API servers (this project's or the hosted API) through the official SDK. " +
    "Memories whose content_sha256 already matches are skipped, missing ones created, differing ones updated with a precondition. " +
    "The destination store is found again by its transferred_from metadata, so an interrupted transfer resumes by running the " +
    "same command. Exits with status 1 when something failed, it was interrupted, or the destination does not match.",
  options: {
    from: { type: "string", placeholder: "url", required: true, description: "the source server" },
    "from-key": { type: "string", placeholder: "key", required: true, description: "an API key of the source" },
    store: { type: "string", placeholder: "memstore_id", required: true, description: "the store to copy" },
    to: { type: "string", placeholder: "url", required: true, description: "the destination server" },
    "to-key": { type: "string", placeholder: "key", required: true, description: "an API key of the destination" },
    "to-store": { type: "string", placeholder: "memstore_id", description: "copy into this store instead of finding or creating one" },
    "from-workspace": {
      type: "string",
      placeholder: "wrkspc_id",
      description: "the source store's workspace; only an organisation-scoped key needs it, for a store outside Default",
    },
    "to-workspace": { type: "string", placeholder: "wrkspc_id", description: "the destination's workspace, likewise; a new store is made there" },
    history: {
      type: "boolean",
      description: "both sides Memory Consoles: first replay the source's whole history into the destination while it holds no memories",
    },
  },
  examples: [
    'npm run transfer -- --from https://api.anthropic.com --from-key "$ANTHROPIC_API_KEY" --store memstore_01JD4Y7KQ2M8X9V6T3R5P0N1BC --to http://127.0.0.1:3000 --to-key "$MEMORY_CONSOLE_API_KEY"',
  ],
});
const { values } = command.parseOrExit();
for (const flag of ["from-workspace", "to-workspace"] as const) {
  if (values[flag] !== undefined && !isWorkspaceId(values[flag])) command.refuse(`--${flag} must be a workspace id (wrkspc_…)`);
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
