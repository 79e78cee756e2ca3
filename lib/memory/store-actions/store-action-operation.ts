import type { BulkOperation } from "../bulk/bulk-operation.ts";
import { join, sql, type Db, type MemoryStore, type SqlClient } from "../db.ts";
import { invalidRequest, MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { purgeSearchIndex } from "../search/purge-search-index.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { storeState } from "../bulk-delete/find-bulk-targets.ts";
import { archiveLockedStore } from "../stores/archive-store.ts";
import { deleteLockedStore, STORE_DELETION_TRANSACTION } from "../stores/delete-store.ts";
import { allSelectedStores } from "../stores/find-stores.ts";
import { lockStore } from "../stores/lock-store.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "../stores/store-rows.ts";
import { stillSelected } from "../stores/store-selection.ts";
import {
  STORE_ACTION_TABLES,
  storeActionPhrase,
  type StoreAction,
  type StoreActionItem,
  type StoreActionKind,
  type StoreActionSelection,
} from "./store-action-rows.ts";

/** One bulk store action covers at most this many stores: a fleet's idle ones, in one report. */
export const MAX_STORES_PER_ACTION = 10_000;
/** Stores archived per transaction (each a row update and a webhook event); a deletion takes one store per transaction. */
const ARCHIVALS_PER_TRANSACTION = 50;
const CHUNK = 500;

export type StoreActionTarget = { store: MemoryStore; seen: string };

export type StoreActionTypes = {
  plan: StoreAction;
  item: StoreActionItem;
  target: StoreActionTarget;
  /** `origin`: who asked for the dry run (default: a request; the lifecycle rule's sweep says so). */
  selection: { selection: StoreActionSelection; scope: StoreScope; origin?: StoreAction["origin"] };
  run: { scope: StoreScope };
};

/** The stores of an id list in the scope, as they are now (an id not found is simply not there). */
async function storesById(db: Db, ids: readonly string[], scope: StoreScope): Promise<MemoryStore[]> {
  const found: MemoryStore[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.sql.$queryRaw<StoreRow[]>`
      SELECT ${STORE_COLUMNS} FROM memory_stores
      WHERE id IN (${join(ids.slice(i, i + CHUNK))}) AND ${inStoreScope(scope, sql`id`, sql`workspace_id`)}`;
    found.push(...rows.map(storeFromRow));
    await letOthersRun();
  }
  return found;
}

/**
 * Everything a selection holds now, with the state each store is in: an archival never selects
 * an archived store (there is nothing to do to it).
 */
async function findTargets(db: Db, action: StoreActionKind, { selection, scope }: StoreActionTypes["selection"]): Promise<StoreActionTarget[]> {
  const stores =
    "storeIds" in selection
      ? await storesById(db, selection.storeIds, scope)
      : await allSelectedStores(
          db,
          { ...selection.filter, archived: action === "archive" ? "exclude" : selection.filter.archived },
          scope,
          MAX_STORES_PER_ACTION,
        );
  if (stores.length > MAX_STORES_PER_ACTION) {
    throw invalidRequest(
      `The selection holds more than ${MAX_STORES_PER_ACTION.toLocaleString("en-US")} stores; narrow it (one action covers at most that many).`,
    );
  }
  const targets: StoreActionTarget[] = [];
  for (const [i, store] of stores.entries()) {
    if (action === "archive" && store.archivedAt !== null) continue;
    targets.push({ store, seen: await storeState({ sql: db.sql }, store) });
    if (i % CHUNK === CHUNK - 1) await letOthersRun();
  }
  return targets;
}

const itemOf = (target: StoreActionTarget, kind: StoreActionItem["kind"], outcome: StoreActionItem["outcome"]): StoreActionItem => ({
  storeId: target.store.id,
  name: target.store.name,
  memoryCount: target.store.memoryCount,
  contentBytes: target.store.contentBytes,
  lastMemoryWriteAt: target.store.lastMemoryWriteAt,
  seen: target.seen,
  kind,
  outcome,
});

/**
 * One store of a chunk, if it is still as the dry run saw it: locked, checked, then archived or
 * deleted as the single act would (its webhook event included). A store written or changed since
 * is left alone (`late`); one deleted meanwhile is `gone`; one archived meanwhile, or that no
 * longer matches the filter, is `skipped`.
 */
async function actOn(tx: SqlClient, item: StoreActionItem, plan: StoreAction): Promise<StoreActionItem["outcome"]> {
  try {
    await lockStore(tx, item.storeId);
  } catch (error) {
    if (error instanceof MemoryError && error.code === "not_found") return "gone";
    throw error;
  }
  const [locked] = await tx.$queryRaw<StoreRow[]>`SELECT ${STORE_COLUMNS} FROM memory_stores WHERE id = ${item.storeId}`;
  const store = storeFromRow(locked!);
  if ((await storeState({ sql: tx }, store)) !== item.seen) return "late";
  if (plan.action === "archive" && store.archivedAt !== null) return "skipped";
  if (
    "filter" in plan.selection &&
    !stillSelected(store, { ...plan.selection.filter, archived: plan.action === "archive" ? "exclude" : plan.selection.filter.archived }, new Date())
  ) {
    return "skipped";
  }
  if (plan.action === "archive") await archiveLockedStore(tx, store.id);
  else await deleteLockedStore(tx, store.id);
  return plan.action === "archive" ? "archived" : "deleted";
}

/**
 * A bulk store archival or deletion (lib/memory/bulk/README.md): the stores an id list or a
 * store_search filter selects, each acted on only if it is still as the dry run saw it.
 */
function storeActionOperation(action: StoreActionKind): BulkOperation<StoreActionTypes> {
  const tables = STORE_ACTION_TABLES[action];
  return {
    words: action === "archive" ? { noun: "Store archival", verb: "archive", done: "archived" } : { noun: "Store deletion", verb: "delete", done: "deleted" },
    audit: { action: action === "archive" ? "store_archival.executed" : "store_deletion.executed", storeOf: () => null },
    idPrefix: action === "archive" ? "storearch" : "storedel",
    plans: tables.plans,
    items: tables.items,

    find: (db, selection) => findTargets(db, action, selection),
    planned: (target) => itemOf(target, "planned", "planned"),
    seen: (item) => item.seen,
    describe: (lifecycle, { selection, origin }, items, digest) => ({
      ...lifecycle,
      action,
      origin: origin ?? "request",
      selection,
      digest,
      countBefore: items.length,
      memoriesBefore: items.reduce((n, i) => n + i.memoryCount, 0),
      bytesBefore: items.reduce((n, i) => n + i.contentBytes, 0),
      countAfter: null,
    }),
    confirmation: storeActionPhrase,
    size: (plan) => plan.countBefore,

    selection: (plan, run) => ({ selection: plan.selection, scope: run.scope }),
    chunks(_plan, items) {
      const size = action === "archive" ? ARCHIVALS_PER_TRANSACTION : 1;
      return Array.from({ length: Math.ceil(items.length / size) }, (_, n) => items.slice(n * size, (n + 1) * size));
    },
    transaction: () => (action === "delete" ? STORE_DELETION_TRANSACTION : {}),
    async step(tx, chunk, { plan }) {
      const done: StoreActionItem[] = [];
      for (const item of chunk) done.push({ ...item, outcome: await actOn(tx, item, plan) });
      return { done };
    },
    gone: (item) => ({ ...item, outcome: "gone" }),
    late: (target) => itemOf(target, "late", "left"),
    countsAfter: (after) => ({ count_after: after.length }),
    // The deleted stores' versions left their search index rows to be purged after the commit.
    afterCompletion: async (db) => {
      if (action === "delete") await purgeSearchIndex(db);
    },
  };
}

export const STORE_ACTIONS = { archive: storeActionOperation("archive"), delete: storeActionOperation("delete") } as const;
