import { reportFormatQuery } from "./bulk-wire.ts";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { executePutBackBody } from "./put-back-wire.ts";
import { batchUndoSchema, createBatchUndoBody, listBatchesQuery, listBatchUndosQuery, reviewBatchSchema } from "./review-batch-wire.ts";
import { pageSchema } from "./wire-schemas.ts";

/**
 * Review batches and their undos (issue 26), an extension added by lib/http/operations.ts to the
 * one table. Listing batches reads what the decisions list reads; an undo writes, so it takes
 * what restores and reverts take (reviewers and admins, within a key's stores).
 */
const ext = { beta: false, extension: true } as const;

export const REVIEW_BATCH_OPERATIONS = {
  listReviewBatches: {
    ...OPERATION_ROUTES.listReviewBatches,
    ...ext,
    summary: "Recorded bulk approves and reverts of the review inbox, newest first, with their newest undo",
    permission: "read",
    query: listBatchesQuery,
    response: pageSchema(reviewBatchSchema),
  },
  listBatchUndos: {
    ...OPERATION_ROUTES.listBatchUndos,
    ...ext,
    summary: "Batch undo reports and dry runs, newest first (batch_id: of one batch)",
    permission: "write",
    query: listBatchUndosQuery,
    response: pageSchema(batchUndoSchema),
  },
  planBatchUndo: {
    ...OPERATION_ROUTES.planBatchUndo,
    ...ext,
    summary: "Dry run of undoing a review batch: each memory back to where it was before the batch, unless it changed since",
    permission: "write",
    body: createBatchUndoBody,
    response: batchUndoSchema,
  },
  retrieveBatchUndo: {
    ...OPERATION_ROUTES.retrieveBatchUndo,
    ...ext,
    summary: "One batch undo with every memory it saw (format=json or csv downloads it)",
    permission: "write",
    query: reportFormatQuery,
    response: batchUndoSchema,
  },
  executeBatchUndo: {
    ...OPERATION_ROUTES.executeBatchUndo,
    ...ext,
    summary: "Carry out a batch undo dry run as new versions, conditional on the heads it saw",
    permission: "write",
    body: executePutBackBody,
    response: batchUndoSchema,
  },
} as const;
