// npm run import -- --store ID|--new-store NAME --from PATH [--on-conflict skip|overwrite|fail] [--dry-run] [--workspace ID] – straight into the database
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";
import { readFile, stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { getDb } from "../lib/db/instance.ts";
import { flushSearchIndex } from "../lib/memory/search/flush-search-index.ts";
import { importUpload, type ImportFormat, type ImportReport } from "../lib/export/import-upload.ts";
import { readFolder } from "../lib/export/read-folder.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { MemoryError } from "../lib/memory/errors.ts";
import { CONFLICT_MODES, type ConflictMode } from "../lib/memory/import/plan-import.ts";

const USAGE = `Usage: npm run import -- (--store <memstore_id> | --new-store <name>) --from <folder|file.zip|file.tar.gz|file.jsonl>
       [--on-conflict skip|overwrite|fail] [--dry-run] [--workspace <wrkspc_id>]   (the store's workspace; Default when not given)`;
const { values } = parseArgs({
  options: {
    store: { type: "string" },
    "new-store": { type: "string" },
    workspace: { type: "string", default: DEFAULT_WORKSPACE_ID },
    from: { type: "string" },
    "on-conflict": { type: "string", default: "fail" },
    "dry-run": { type: "boolean", default: false },
  },
});
const onConflict = values["on-conflict"] as ConflictMode;
if (!values.from || !!values.store === !!values["new-store"] || !CONFLICT_MODES.includes(onConflict)) {
  console.error(USAGE);
  process.exit(2);
}
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
