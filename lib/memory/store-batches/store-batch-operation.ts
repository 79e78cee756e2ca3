import type { Actor } from "../actor.ts";
import type { BulkOperation } from "../bulk/bulk-operation.ts";
import type { Sql, SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { insertStore } from "../stores/create-store.ts";
import { lockStore } from "../stores/lock-store.ts";
import { copyMark } from "../store-copies/copy-mark.ts";
import { writeCopies } from "../store-copies/copy-memories.ts";
import { lockLiveWorkspace } from "../workspace.ts";
import type { TemplateSeen } from "./batch-template.ts";
import type { CheckedRow } from "./check-rows.ts";
import { STORE_BATCH_ITEMS, STORE_BATCHES, storeBatchConfirmation, type StoreBatch, type StoreBatchItem } from "./store-batch-rows.ts";
import { takenValues } from "./stores-by-value.ts";

/**
 * Memories written per transaction (a store's template copies count; an empty store counts one):
 * a chunk of 20 stores of a 20-memory template is one commit, and a yield, per 400 memories.
 */
const MEMORIES_PER_TRANSACTION = 400;
const MAX_STORES_PER_TRANSACTION = 50;

export type StoreBatchTypes = {
  plan: StoreBatch;
  item: StoreBatchItem;
  target: StoreBatchItem;
  /** The checked rows, the stores that already have their values, and the batch's own fields. */
  selection: {
    rows: readonly CheckedRow[];
    existing: ReadonlyMap<string, string>;
    uniqueBy: string | null;
    template: TemplateSeen | null;
    sourceName: string | null;
  };
  /** The template's memories read once, and what the write path needs of the database. */
  run: { template: readonly { path: string; content: string }[]; batch: number; deferSearchIndex: boolean; position: Sql };
};

/**
 * Stores from a CSV (lib/memory/bulk/README.md): the dry run checks every row and plans a store
 * for each good one whose unique_by value no store has; the execution creates them in chunks,
 * each from the template if the batch has one (a store copy: lib/memory/store-copies), and a
 * row whose value a store took since the dry run is left and reported `late`, never a second
 * store. Its late items are planned ones found taken, as a restore's are found changed: no late
 * finder.
 */
export const STORE_BATCH: BulkOperation<StoreBatchTypes> = {
  words: { noun: "Store batch", verb: "create", done: "created" },
  audit: { action: "store_batch.executed", storeOf: () => null },
  idPrefix: "stbatch",
  plans: STORE_BATCHES,
  items: STORE_BATCH_ITEMS,

  find: async (_db, { rows, existing }) => rows.map((row) => plannedItem(row, existing)),
  planned: (item) => item,
  seen: (item) => JSON.stringify([item.action, item.name, item.description, item.metadata, item.uniqueValue, item.existingStoreId]),
  describe: (lifecycle, selection, items, digest) => ({
    ...lifecycle,
    sourceName: selection.sourceName,
    templateStoreId: selection.template?.storeId ?? null,
    templateDigest: selection.template?.digest ?? null,
    templateMemoryCount: selection.template?.memoryCount ?? 0,
    uniqueBy: selection.uniqueBy,
    digest,
    counts: {
      rows: items.length,
      create: items.filter((i) => i.action === "create").length,
      skip: items.filter((i) => i.action === "skip").length,
      invalid: items.filter((i) => i.action === "invalid").length,
    },
    createdCount: null,
    lateCount: null,
  }),
  confirmation: storeBatchConfirmation,
  size: (batch) => batch.counts.create,

  // No late finder: the selection is not looked for again.
  selection: () => ({ rows: [], existing: new Map(), uniqueBy: null, template: null, sourceName: null }),
  chunks(batch, items) {
    const creating = items.filter((i) => i.action === "create");
    const size = Math.max(1, Math.min(MAX_STORES_PER_TRANSACTION, Math.floor(MEMORIES_PER_TRANSACTION / Math.max(1, batch.templateMemoryCount))));
    return Array.from({ length: Math.ceil(creating.length / size) }, (_, n) => creating.slice(n * size, (n + 1) * size));
  },
  step: async (tx, chunk, { plan, run, actor }) => ({ done: await createStores(tx, chunk, plan, run, actor) }),
  gone: (item) => ({ ...item, outcome: "gone" }),
  countsAfter: (_after, items) => ({
    created_count: items.filter((i) => i.outcome === "created").length,
    late_count: items.filter((i) => i.outcome === "late").length,
  }),
};

function plannedItem(row: CheckedRow, existing: ReadonlyMap<string, string>): StoreBatchItem {
  const existingStoreId = row.problems.length === 0 && row.uniqueValue !== null ? (existing.get(row.uniqueValue) ?? null) : null;
  const action = row.problems.length > 0 ? "invalid" : existingStoreId !== null ? "skip" : "create";
  return {
    ...row,
    action,
    existingStoreId,
    outcome: action === "create" ? "planned" : action === "skip" ? "skipped" : "invalid",
    memoryStoreId: null,
  };
}

/**
 * One chunk's stores, in its transaction. The workspace's row is locked first: every store
 * created in it waits for this transaction, so a value checked free here stays free until the
 * chunk commits (two batches racing for one value on PostgreSQL create one store, not two).
 */
async function createStores(tx: SqlClient, chunk: readonly StoreBatchItem[], plan: StoreBatch, run: StoreBatchTypes["run"], actor: Actor) {
  await lockLiveWorkspace(tx, plan.workspaceId);
  const taken = plan.uniqueBy
    ? await takenValues(tx, {
        workspaceId: plan.workspaceId,
        key: plan.uniqueBy,
        values: chunk.flatMap((i) => (i.uniqueValue === null ? [] : [i.uniqueValue])),
        since: plan.createdAt,
        position: run.position,
      })
    : new Map<string, string>();
  const mark = copyMark({ copyId: plan.id, sourceStoreId: plan.templateStoreId ?? "", by: actor, at: new Date() });
  const done: StoreBatchItem[] = [];
  for (const item of chunk) {
    const takenBy = item.uniqueValue === null ? undefined : taken.get(item.uniqueValue);
    if (takenBy !== undefined) {
      done.push({ ...item, outcome: "late", memoryStoreId: takenBy });
      continue;
    }
    const store = await insertStore(tx, { name: item.name, description: item.description, metadata: item.metadata, workspaceId: plan.workspaceId });
    if (run.template.length > 0) {
      await lockStore(tx, store.id);
      await writeCopies(tx, store.id, run.template, { actor, mark, batch: run.batch, deferSearchIndex: run.deferSearchIndex });
    }
    done.push({ ...item, outcome: "created", memoryStoreId: store.id });
    // A store of a 20-memory template is ~3 ms of synchronous SQLite work: a chunk of 20 without turns held the loop ~70 ms.
    await letOthersRun();
  }
  return done;
}
