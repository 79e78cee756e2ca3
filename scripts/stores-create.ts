// npm run stores:create -- --csv FILE [--template memstore_id] [--unique-by KEY] [--workspace ID] [--execute]
//   – create stores from a CSV (one a row), each a copy of a template if given, straight in the database
import { readFileSync, statSync } from "node:fs";
import { defineCommand } from "../lib/cli/command-line.ts";
import { getDb } from "../lib/db/instance.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { MemoryError } from "../lib/memory/errors.ts";
import { STORE_BATCH_LIMITS } from "../lib/memory/store-batches/store-batch-limits.ts";
import { storeBatchConfirmation } from "../lib/memory/store-batches/store-batch-rows.ts";
import { executeStoreBatch, planStoreBatch } from "../lib/memory/store-batches/run-store-batch.ts";
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";

const command = defineCommand({
  script: "stores:create",
  summary:
    "Creates a store for each row of a CSV (columns name, description, metadata.<key>; at most 10,000 rows), each with a copy of a " +
    "template store's current memories if --template names one, in the database named by DATABASE_URL. Without --execute it is a " +
    "dry run: it checks every row and prints each bad row with its column, the rows skipped because a store already has their " +
    "--unique-by value, and the phrase an execution confirms; nothing changes. With --execute it runs the dry run and carries it out " +
    "at once: a value that a store takes meanwhile is left (late), never a second store. The report is kept (GET /v1/store_batches; " +
    "the console's Create stores from CSV page), recorded as done by the service account memory-console-cli.",
  options: {
    csv: { type: "string", required: true, placeholder: "file", description: "the CSV file (UTF-8)" },
    template: { type: "string", placeholder: "memstore_id", description: "a store of the workspace each new store copies (its live memories)" },
    "unique-by": { type: "string", placeholder: "key", description: "a metadata key (a metadata.<key> column): one store per value" },
    workspace: {
      type: "string",
      placeholder: "wrkspc_id",
      default: DEFAULT_WORKSPACE_ID,
      description: "where the stores are made; the default is Default's id",
    },
    execute: { type: "boolean", description: "carry the dry run out (without it nothing changes)" },
  },
  examples: [
    "npm run stores:create -- --csv users.csv --template memstore_01J… --unique-by user_id",
    "npm run stores:create -- --csv users.csv --template memstore_01J… --unique-by user_id --execute",
  ],
});
const { values } = command.parseOrExit();
const ACTOR: Actor = { type: "service_account_actor", service_account_id: "memory-console-cli" };

let csv: Buffer;
try {
  if (statSync(values.csv).size > STORE_BATCH_LIMITS.csvBytes)
    command.refuse(`--csv: ${values.csv} is larger than ${STORE_BATCH_LIMITS.csvBytes} bytes; split it`);
  csv = readFileSync(values.csv);
} catch (error) {
  command.refuse(`--csv: cannot read ${values.csv} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
}

const db = await getDb();
try {
  const input = { templateStoreId: values.template, uniqueBy: values["unique-by"], sourceName: values.csv, actor: ACTOR, workspaceId: values.workspace };
  const { plan, items } = await planStoreBatch(db, { ...input, csv: csv! });
  for (const item of items) {
    if (item.action === "invalid") for (const p of item.problems) console.log(`row ${item.row}  ${p.column}: ${p.message}`);
    else if (item.action === "skip") console.log(`row ${item.row}  skipped: ${item.existingStoreId} already has ${plan.uniqueBy} ${item.uniqueValue}`);
  }
  const { rows, create, skip, invalid } = plan.counts;
  const phrase = storeBatchConfirmation(plan);
  console.log(`dry run ${plan.id}: ${phrase} (${rows} rows: ${skip} skipped, ${invalid} with problems; ${plan.templateMemoryCount} template memories each)`);
  if (!values.execute || create === 0) {
    if (create > 0) console.log("nothing changed; add --execute to carry it out");
  } else {
    const done = await executeStoreBatch(db, { id: plan.id, confirmation: phrase, actor: ACTOR, workspaceId: values.workspace });
    console.log(`${done.plan.id} completed: ${done.plan.createdCount} created, ${done.plan.lateCount} late`);
  }
} catch (error) {
  if (!(error instanceof MemoryError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
