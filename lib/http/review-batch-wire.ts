import { z } from "zod";
import { storeFilterOf, type Principal } from "../auth/principal.ts";
import { notFound } from "../memory/errors.ts";
import { batchUndoPhrase, type BatchUndo, type BatchUndoItem } from "../memory/review-batches/batch-undo-rows.ts";
import type { ReviewBatch } from "../memory/review-batches/list-review-batches.ts";
import { bulkStatusSchema, lifecycleShape, lifecycleWire } from "./bulk-wire.ts";
import { exposedSessionWire, type ExposedSession } from "../memory/reads/exposed-sessions.ts";
import { exposedField, putBackCountsSchema, putBackCsv, putBackItemSchema, putBackItemWire } from "./put-back-wire.ts";
import { listStoresQuery } from "./schemas.ts";
import { extension } from "./time-travel-wire.ts";
import { actorSchema } from "./wire-schemas.ts";

/**
 * Wire shapes of review batches and their undos (issue 26; lib/memory/review-batches), an
 * extension: a batch as its decisions tell it, and an undo with the bulk operations' lifecycle
 * fields (lib/http/bulk-wire.ts) and the restore and revert item shape plus the memory's store.
 */
const time = z.iso.datetime();

export const listBatchesQuery = listStoresQuery.pick({ limit: true, page: true });
export const listBatchUndosQuery = listBatchesQuery.extend({ batch_id: z.string().optional() });
export const createBatchUndoBody = z.strictObject({ batch_id: z.string().min(1) });

export const reviewBatchSchema = extension(
  z.object({
    type: z.literal("review_batch"),
    id: z.string(),
    action: z.string().meta({ description: "What the batch did: approved or reverted." }),
    reviewer: actorSchema.nullable(),
    created_at: time,
    decisions: z.number().int(),
    memory_store_ids: z.array(z.string()),
    reason: z.string().nullable(),
    last_undo: z.object({ id: z.string(), status: bulkStatusSchema }).nullable().meta({ description: "Its newest undo (dry run or report), if any." }),
  }),
  "ReviewBatch",
  "One recorded bulk approve or revert of the review inbox: the decisions sharing its batch id.",
);

export const batchUndoSchema = extension(
  z.object({
    type: z.literal("review_batch_undo"),
    id: z.string(),
    status: bulkStatusSchema,
    batch_id: z.string(),
    batch_action: z.enum(["approved", "reverted"]),
    memory_store_ids: z.array(z.string()),
    ...lifecycleShape,
    counts: putBackCountsSchema,
    items: z.array(putBackItemSchema.extend({ memory_store_id: z.string(), decision_id: z.string() })).optional(),
    ...exposedField,
  }),
  "ReviewBatchUndo",
  "Undoing a review batch: its dry run while planned, its report once completed. A memory changed after the batch is a conflict, left alone.",
);

export function reviewBatchWire(batch: ReviewBatch) {
  return {
    type: "review_batch" as const,
    id: batch.id,
    action: batch.action,
    reviewer: batch.reviewer,
    created_at: batch.createdAt.toISOString(),
    decisions: batch.decisions,
    memory_store_ids: batch.storeIds,
    reason: batch.reason,
    last_undo: batch.lastUndo && { id: batch.lastUndo.id, status: batch.lastUndo.status as z.infer<typeof bulkStatusSchema> },
  };
}

export function batchUndoWire(undo: BatchUndo, items?: BatchUndoItem[], exposed?: ExposedSession[]) {
  return {
    type: "review_batch_undo" as const,
    id: undo.id,
    status: undo.status,
    batch_id: undo.batchId,
    batch_action: undo.batchAction,
    memory_store_ids: undo.storeIds,
    ...lifecycleWire(undo, batchUndoPhrase(undo)),
    counts: undo.counts,
    ...(items && { items: items.map((i) => ({ ...putBackItemWire(i), memory_store_id: i.storeId, decision_id: i.decisionId })) }),
    ...(exposed && { exposed_sessions: exposed.map(exposedSessionWire) }),
  };
}

export const batchUndoCsv = (id: string, items: BatchUndoItem[]) =>
  putBackCsv("undo_id", id, items, [
    ["memory_store_id", (i) => i.storeId],
    ["decision_id", (i) => i.decisionId],
  ]);

/** An undo is seen only by those who may see every store of its batch (others: not found). */
export function assertMayUndo(principal: Principal, undo: BatchUndo) {
  const only = storeFilterOf(principal);
  if (only && !undo.storeIds.every((s) => only.includes(s))) throw notFound(`Batch undo ${undo.id} not found.`);
}
