import type { Actor } from "../actor.ts";
import type { StoreScope } from "../store-scope.ts";
import type { BulkOperation } from "../bulk/bulk-operation.ts";
import { join, type SqlClient } from "../db.ts";
import { memoryColumns, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { removeMemories } from "../memories/mutations.ts";
import { DELIBERATE, settleDeliberateWrites } from "../review/deliberate.ts";
import { purgeSearchIndex } from "../search/purge-search-index.ts";
import { deleteLockedStore, STORE_DELETION_TRANSACTION } from "../stores/delete-store.ts";
import { storeMatches } from "../stores/store-selection.ts";
import { getStore } from "../stores/get-store.ts";
import { lockStore } from "../stores/lock-store.ts";
import { BULK_DELETION_ITEMS, BULK_DELETIONS, confirmationPhrase, type BulkDeletion, type BulkFilter, type BulkItem } from "./bulk-deletion-rows.ts";
import { findBulkTargets, storeState, type Target } from "./find-bulk-targets.ts";

/** Memories deleted per transaction, together (each writes a `deleted` version and its review and index rows). */
const MEMORIES_PER_TRANSACTION = 25;

export type BulkDeletionTypes = {
  plan: BulkDeletion;
  item: BulkItem;
  target: Target;
  /** The filter, and the stores the caller may touch (its workspace's, or a store-limited key's there). */
  selection: { filter: BulkFilter; scope: StoreScope };
  run: { scope: StoreScope };
};

/**
 * Bulk delete by filter (lib/memory/bulk/README.md), through the one write path: each memory
 * still at the head version seen is deleted (removeMemory: a `deleted` version, review and
 * search index in the same transaction), each store still as seen is deleted with everything in
 * it. Anything changed since is left and reported (`changed`), anything gone meanwhile is
 * `gone`, and what matches the filter afterwards without having been seen is `late`.
 */
export const BULK_DELETION: BulkOperation<BulkDeletionTypes> = {
  words: { noun: "Bulk deletion", verb: "delete", done: "deleted" },
  audit: { action: "bulk_deletion.executed", storeOf: (plan) => (plan.filter.target === "memories" ? plan.filter.storeId : null) },
  idPrefix: "bulkdel",
  plans: BULK_DELETIONS,
  items: BULK_DELETION_ITEMS,

  find: (db, { filter, scope }) => findBulkTargets(db, filter, scope),
  planned: (target) => ({ ...target, kind: "planned", outcome: "planned" }),
  seen: (item) => item.seen,
  describe: (lifecycle, { filter }, items, digest) => ({
    ...lifecycle,
    filter,
    digest,
    countBefore: items.length,
    memoriesBefore: items.reduce((n, i) => n + i.memoryCount, 0),
    countAfter: null,
    memoriesAfter: null,
  }),
  confirmation: confirmationPhrase,
  size: (bulk) => bulk.countBefore,

  selection: (bulk, run) => ({ filter: bulk.filter, scope: run.scope }),
  chunks(bulk, items) {
    const planned = items.filter((i) => i.kind === "planned");
    const size = bulk.filter.target === "memories" ? MEMORIES_PER_TRANSACTION : 1;
    return Array.from({ length: Math.ceil(planned.length / size) }, (_, n) => planned.slice(n * size, (n + 1) * size));
  },
  transaction: (bulk) => (bulk.filter.target === "stores" ? STORE_DELETION_TRANSACTION : {}),
  async step(tx, chunk, { plan, actor }) {
    // A memories deletion is in one store; a stores deletion takes one store per chunk.
    await lockStore(tx, chunk[0]!.storeId);
    const filter = plan.filter;
    if (filter.target === "memories") return { done: await deleteMemories(tx, chunk, actor) };
    const done: BulkItem[] = [];
    for (const item of chunk) done.push({ ...item, outcome: await deleteStore(tx, item, filter) });
    return { done };
  },
  gone: (item) => ({ ...item, outcome: "gone" }),
  late: (target) => ({ ...target, kind: "late", outcome: "left" }),
  countsAfter: (after) => ({ count_after: after.length, memories_after: after.reduce((n, t) => n + t.memoryCount, 0) }),

  // The deleted stores' versions left their search index rows to be purged after the commit.
  afterCompletion: async (db, { plan }) => {
    if (plan.filter.target === "stores") await purgeSearchIndex(db);
  },
};

/**
 * The chunk's memories (one store, locked) still at the head version the dry run saw, deleted
 * together (removeMemories: a few statements for the chunk instead of several per memory); the
 * others are `changed` or `gone`. Deliberate (lib/memory/review/deliberate.ts): no review item
 * opens; the open ones are settled.
 */
async function deleteMemories(tx: SqlClient, chunk: readonly BulkItem[], actor: Actor): Promise<BulkItem[]> {
  const rows = await tx.$queryRaw<MemoryRow[]>`
    SELECT ${memoryColumns(false)} FROM memories WHERE store_id = ${chunk[0]!.storeId} AND id IN (${join(chunk.map((i) => i.targetId))})`;
  const live = new Map(rows.map((row) => [row.id, memoryFromRow(row)]));
  const outcome = (item: BulkItem): BulkItem["outcome"] => {
    const memory = live.get(item.targetId);
    return !memory ? "gone" : memory.memoryVersionId !== item.seen ? "changed" : "deleted";
  };
  const deleting = chunk.filter((item) => outcome(item) === "deleted").map((item) => live.get(item.targetId)!);
  const deletions = await removeMemories(tx, deleting, actor, DELIBERATE);
  await settleDeliberateWrites(
    tx,
    chunk[0]!.storeId,
    deleting.map((memory, n) => ({ kind: "own", memoryId: memory.id, versionId: deletions[n]! })),
    { action: "edited", actor },
  );
  return chunk.map((item) => ({ ...item, outcome: outcome(item) }));
}

/** A store (locked) still as the dry run saw it and still matching the filter goes with everything in it. */
async function deleteStore(tx: SqlClient, item: BulkItem, filter: Extract<BulkFilter, { target: "stores" }>): Promise<BulkItem["outcome"]> {
  const store = await getStore(tx, item.targetId);
  if (!storeMatches(store, filter) || (await storeState({ sql: tx }, store)) !== item.seen) return "changed";
  await deleteLockedStore(tx, store.id);
  return "deleted";
}
