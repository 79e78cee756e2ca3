/**
 * The tables of a batch undo (migration 0024): the plan row, which becomes the report, and one
 * item per memory of the batch — the restore and revert item columns (put-back-items.ts) with the
 * memory's store (a batch can span stores) and the decision it undoes.
 */
import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";
import { defineItemTable, defineTable } from "../bulk/report-tables.ts";
import {
  PUT_BACK_COLUMNS,
  PUT_BACK_RESULT_COLUMNS,
  putBackFromRow,
  putBackToRow,
  type PutBackAction,
  type PutBackItem,
  type PutBackRow,
} from "../time-travel/put-back-items.ts";

/** What a recorded batch did (review_decisions.action of its decisions). */
export type BatchAction = "approved" | "reverted";

/** Undoing one review batch: what it approved is reverted, what it reverted is put back. */
export interface BatchUndo extends BulkLifecycle {
  batchId: string;
  batchAction: BatchAction;
  storeIds: string[];
  digest: string;
  actionable: number;
  counts: Record<PutBackAction, number>;
}

export interface BatchUndoItem extends PutBackItem {
  storeId: string;
  /** The batch's decision on this memory. */
  decisionId: string;
}

type BatchUndoRow = LifecycleRow & {
  batch_id: string;
  batch_action: string;
  store_ids: string;
  digest: string;
  actionable: number | bigint;
  counts: string;
};

export const BATCH_UNDOS = defineTable<BatchUndo, BatchUndoRow>({
  name: "review_batch_undos",
  columns: [...LIFECYCLE_COLUMNS, "batch_id", "batch_action", "store_ids", "digest", "actionable", "counts"],
  toRow: (u) => ({
    ...lifecycleToRow(u),
    batch_id: u.batchId,
    batch_action: u.batchAction,
    store_ids: JSON.stringify(u.storeIds),
    digest: u.digest,
    actionable: u.actionable,
    counts: JSON.stringify(u.counts),
  }),
  fromRow: (row) => ({
    ...lifecycleFromRow(row),
    batchId: row.batch_id,
    batchAction: row.batch_action as BatchAction,
    storeIds: JSON.parse(row.store_ids) as string[],
    digest: row.digest,
    actionable: Number(row.actionable),
    counts: JSON.parse(row.counts) as Record<PutBackAction, number>,
  }),
});

type BatchUndoItemRow = PutBackRow & { store_id: string; decision_id: string };

export const BATCH_UNDO_ITEMS = defineItemTable<BatchUndoItem, BatchUndoItemRow>({
  name: "review_batch_undo_items",
  planColumn: "undo_id",
  keyColumn: "memory_id",
  columns: [...PUT_BACK_COLUMNS, "store_id", "decision_id"],
  resultColumns: PUT_BACK_RESULT_COLUMNS,
  orderBy: ["store_id", "position"],
  toRow: (i) => ({ ...putBackToRow(i), store_id: i.storeId, decision_id: i.decisionId }),
  fromRow: (r) => ({ ...putBackFromRow(r), storeId: r.store_id, decisionId: r.decision_id }),
});

/** `undo 3 memories`. */
export const batchUndoPhrase = (undo: Pick<BatchUndo, "actionable">) => countPhrase("undo", undo.actionable, { one: "memory", many: "memories" });
