// npm run import -- --store ID|--new-store NAME --from PATH [--on-conflict skip|overwrite|fail] [--dry-run] [--workspace ID] – straight into the database
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";
import { readFile, stat } from "node:fs/promises";
import { defineCommand } from "../lib/cli/command-line.ts";
import { getDb } from "../lib/db/instance.ts";
import { flushSearchIndex } from "../lib/memory/search/flush-search-index.ts";
import { importUpload, type ImportFormat, type ImportReport } from "../lib/export/import-upload.ts";
import { readFolder } from "../lib/export/read-folder.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { MemoryError } from "../lib/memory/errors.ts";
import { CONFLICT_MODES } from "../lib/memory/import/plan-import.ts";

const command = defineCommand({
  script: "import",
  summary:
    "Imports files into a store, straight into the database named by DATABASE_URL. It always previews first, prints the problems " +
    "and stops if there are any, otherwise imports conditional on that preview. A folder's files become memories at their paths " +
    "below it (point it at an agent's memories folder for the memory tool's layout); symlinks are refused. A JSON Lines export " +
    "replays its history into a new or empty store. Versions are recorded as written by the service account memory-console-cli.",
  options: {
    store: { type: "string", placeholder: "memstore_id", description: "an existing store to import into" },
    "new-store": { type: "string", placeholder: "name", description: "or a new store to create, with this name" },
    workspace: { type: "string", placeholder: "wrkspc_id", default: DEFAULT_WORKSPACE_ID, description: "the store's workspace; the default is Default's id" },
    from: { type: "string", placeholder: "folder|file.zip|file.tar.gz|file.jsonl", required: true, description: "what to import" },
    "on-conflict": {
      type: "string",
      choices: CONFLICT_MODES,
      default: "fail",
      description: "a path that exists with other content: keep it, replace it, or refuse the import",
    },
    "dry-run": { type: "boolean", description: "print the preview and stop" },
  },
  synopsis: "(--store <memstore_id> | --new-store <name>) --from <folder|file.zip|file.tar.gz|file.jsonl> [options]",
  examples: [
    "npm run import -- --new-store 'Agent notes' --from ~/agent/memories --dry-run",
    "npm run import -- --store memstore_01JD4Y7KQ2M8X9V6T3R5P0N1BC --from notes.zip --on-conflict overwrite",
  ],
});
const { values } = command.parseOrExit();
if (values.store && values["new-store"]) command.refuse("--store and --new-store exclude each other: give one");
if (!values.store && !values["new-store"]) command.refuse("--store or --new-store is required");
const onConflict = values["on-conflict"];
/** Writes from the command line are the operator's, recorded as a service account. */
const ACTOR: Actor = { type: "service_account_actor", service_account_id: "memory-console-cli" };

function formatOf(path: string): ImportFormat {
  if (path.endsWith(".zip")) return "zip";
  if (path.endsWith(".tar.gz") || path.endsWith(".tgz")) return "tar.gz";
  if (path.endsWith(".jsonl") || path.endsWith(".ndjson")) return "jsonl";
  throw new MemoryError("invalid_request", `${path}: not a folder, .zip, .tar.gz or .jsonl file.`);
}

function print(report: ImportReport) {
  for (const item of report.items) {
    if (item.action !== "create" || item.problem || report.dry_run)
      console.log(`${item.action.padEnd(9)} ${item.path}${item.problem ? `  ! ${item.problem}` : ""}`);
  }
  const counts = Object.entries(report.counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
  console.log(
    `${report.dry_run ? "dry run" : "imported"}${report.store_id ? ` into ${report.store_id}` : ""}: ${counts}${report.import_id ? ` (report ${report.import_id})` : ""}`,
  );
}

const db = await getDb();
try {
  const from = values.from;
  const isFolder = (await stat(from)).isDirectory();
  const format = isFolder ? "folder" : formatOf(from);
  const data = isFolder ? await readFolder(from) : await readFile(from);
  const target = values.store ? { storeId: values.store } : { newStore: { name: values["new-store"] } };
  // The operator holds the database: an export's history keeps its authors, as an admin's import does.
  const base = { format, data, target, workspaceId: values.workspace, onConflict, actor: ACTOR, attribution: "file" } as const;
  // Always preview first: the import is conditional on what the preview saw.
  const preview = await importUpload(db, { ...base, dryRun: true });
  const refused = preview.items.filter((i) => i.problem).length;
  if (values["dry-run"] || refused > 0) {
    print(preview);
    if (refused > 0) process.exitCode = 1;
  } else {
    print(await importUpload(db, { ...base, dryRun: false, planDigest: preview.plan_digest ?? undefined }));
    // The imported versions wait for the search index (searches find them meanwhile); a running server would index them soon, this does it now.
    await flushSearchIndex(db);
  }
} catch (error) {
  if (!(error instanceof MemoryError)) throw error;
  console.error(`import: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
