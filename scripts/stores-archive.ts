// npm run stores:archive -- [--idle-days N] [--name TEXT] [--metadata k:v]... [--min-fill-percent N] [--min-content-bytes N]
//   [--workspace ID] [--delete] [--execute] – archive (or delete) the stores a filter selects, straight in the database
import { defineCommand } from "../lib/cli/command-line.ts";
import { getDb } from "../lib/db/instance.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { MemoryError } from "../lib/memory/errors.ts";
import { executeStoreAction, planStoreAction } from "../lib/memory/store-actions/run-store-action.ts";
import { parseStoreFilter } from "../lib/memory/stores/store-selection.ts";
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";

const command = defineCommand({
  script: "stores:archive",
  summary:
    "Archives the stores a filter selects (the fields of GET /v1/store_search), or deletes them with --delete, in the database named by " +
    "DATABASE_URL. Without --execute it is a dry run: it prints each store with its size and the phrase an execution confirms, and " +
    "changes nothing. With --execute it runs the dry run and carries it out at once, conditional on it: a store written to meanwhile " +
    "is left alone (late). The report is kept (GET /v1/store_archivals, /v1/store_deletions; the console's Store archivals page), " +
    "recorded as done by the service account memory-console-cli.",
  options: {
    "idle-days": { type: "number", integer: true, min: 0, max: 36_500, description: "no memory written for at least this many days" },
    name: { type: "string", placeholder: "text", description: "a piece of the store's name, any case" },
    metadata: { type: "string", multiple: true, placeholder: "key:value", description: "a metadata pair every store must have (repeat it)" },
    "min-fill-percent": { type: "number", integer: true, min: 0, max: 100, description: "memories at least this percentage of the 10,000 a store holds" },
    "min-content-bytes": { type: "number", integer: true, min: 0, description: "the live memories hold at least this many bytes" },
    workspace: { type: "string", placeholder: "wrkspc_id", default: DEFAULT_WORKSPACE_ID, description: "the stores' workspace; the default is Default's id" },
    delete: { type: "boolean", description: "delete the stores and everything in them instead of archiving them" },
    execute: { type: "boolean", description: "carry the dry run out (without it nothing changes)" },
  },
  examples: [
    "npm run stores:archive -- --idle-days 180",
    "npm run stores:archive -- --idle-days 180 --execute",
    "npm run stores:archive -- --metadata plan:trial --delete",
  ],
});
const { values } = command.parseOrExit();
const ACTOR: Actor = { type: "service_account_actor", service_account_id: "memory-console-cli" };
const action = values.delete ? "delete" : "archive";

let filter;
try {
  filter = {
    ...parseStoreFilter(values.name, values.metadata ?? []),
    archived: "exclude" as const,
    idleDays: values["idle-days"],
    minFillPercent: values["min-fill-percent"],
    minContentBytes: values["min-content-bytes"],
  };
} catch (error) {
  command.refuse(error instanceof Error ? error.message : String(error));
}

const db = await getDb();
try {
  const scope = { workspaceId: values.workspace };
  const { plan, items } = await planStoreAction(db, { action, selection: { filter: filter! }, actor: ACTOR, scope });
  for (const item of items) {
    const lastWrite = item.lastMemoryWriteAt?.toISOString() ?? "never written";
    console.log(
      `${item.storeId}  ${String(item.memoryCount).padStart(6)} memories  ${String(item.contentBytes).padStart(10)} bytes  ${lastWrite}  ${item.name}`,
    );
  }
  const phrase = `${action} ${plan.countBefore} ${plan.countBefore === 1 ? "store" : "stores"}`;
  console.log(`dry run ${plan.id}: ${phrase} (${plan.memoriesBefore} memories, ${plan.bytesBefore} bytes)`);
  if (!values.execute || plan.countBefore === 0) {
    if (plan.countBefore > 0) console.log("nothing changed; add --execute to carry it out");
  } else {
    const done = await executeStoreAction(db, { action, id: plan.id, confirmation: phrase, actor: ACTOR, scope });
    const outcomes = new Map<string, number>();
    for (const item of done.items) outcomes.set(item.outcome, (outcomes.get(item.outcome) ?? 0) + 1);
    console.log(`${done.plan.id} completed: ${[...outcomes].map(([outcome, n]) => `${n} ${outcome}`).join(", ")}`);
  }
} catch (error) {
  if (!(error instanceof MemoryError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
