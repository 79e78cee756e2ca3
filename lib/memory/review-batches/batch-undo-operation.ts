import type { BulkOperation } from "../bulk/bulk-operation.ts";
import { batches } from "../time-travel/find-put-back.ts";
import { countByAction } from "../time-travel/put-back-items.ts";
import { putBackChunk } from "../time-travel/put-back-step.ts";
import { MEMORIES_PER_TRANSACTION } from "../time-travel/restore-operation.ts";
import { BATCH_UNDO_ITEMS, BATCH_UNDOS, batchUndoPhrase, type BatchAction, type BatchUndo, type BatchUndoItem } from "./batch-undo-rows.ts";
import { findBatchUndoItems, type BatchUndoSelection } from "./find-batch-undo.ts";

export type BatchUndoTypes = {
  plan: BatchUndo;
  item: BatchUndoItem;
  target: BatchUndoItem;
  /** The batch, and what it did (read from its decisions by planBatchUndo). */
  selection: BatchUndoSelection & { action: BatchAction };
  run: Record<string, never>;
};

/**
 * Undo a recorded review batch (lib/memory/bulk/README.md): what a bulk approve approved is put
 * back as it was when last settled, what a bulk revert reverted is put back as the agent left it
 * — each memory only if nothing changed it after the batch (else a `conflict`, left alone), and
 * only if it is still as the dry run saw it at its turn (else `late`). Like a restore or a revert
 * it is deliberate: its versions open no review items (lib/memory/review/deliberate.ts). Its late
 * items are planned ones found changed; it has no late finder.
 */
export const BATCH_UNDO: BulkOperation<BatchUndoTypes> = {
  words: { noun: "Batch undo", verb: "undo", done: "undone" },
  audit: { action: "review_batch.undone", storeOf: (plan) => (plan.storeIds.length === 1 ? plan.storeIds[0]! : null) },
  idPrefix: "revundo",
  plans: BATCH_UNDOS,
  items: BATCH_UNDO_ITEMS,

  find: findBatchUndoItems,
  planned: (item) => item,
  seen: (item) => `${item.seen?.versionId ?? "-"}>${item.target?.versionId ?? "-"}`,
  describe: (lifecycle, { batchId, action }, items, digest) => ({
    ...lifecycle,
    batchId,
    batchAction: action,
    storeIds: [...new Set(items.map((i) => i.storeId))].sort(),
    digest,
    actionable: items.filter((i) => i.outcome === "planned").length,
    counts: countByAction(items),
  }),
  confirmation: batchUndoPhrase,
  size: (undo) => undo.actionable,
  selection: (undo) => ({ batchId: undo.batchId, scope: { workspaceId: undo.workspaceId, storeIds: undo.storeIds }, action: undo.batchAction }),
  // Chunks of one store each (the put-back step locks one store), in execution order within it.
  chunks: (_undo, items) => {
    const planned = items.filter((i) => i.outcome === "planned");
    return [...new Set(planned.map((i) => i.storeId))].flatMap((storeId) =>
      batches(
        planned.filter((i) => i.storeId === storeId),
        MEMORIES_PER_TRANSACTION,
      ),
    );
  },
  step: async (tx, chunk, { actor }) => {
    const done = await putBackChunk(tx, chunk[0]!.storeId, chunk, actor);
    return { done: done.map((result, n) => ({ ...chunk[n]!, ...result })) };
  },
  gone: (item) => ({ ...item, outcome: "gone" }),
};
