// POST /v1/review_batch_undos/{undo}/execute – carry out a batch undo dry run, conditional on the heads it saw (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { assertMayUndo, batchUndoWire } from "@/lib/http/review-batch-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { executeBatchUndo, getBatchUndo } from "@/lib/memory/review-batches/run-batch-undo.ts";

export const POST = apiRoute(OPERATIONS.executeBatchUndo, async ({ db, params, input, actor, principal }) => {
  const { confirmation } = await input();
  assertMayUndo(principal, (await getBatchUndo(db.sql, params.undo, principal.workspaceId)).plan);
  const { plan, items } = await executeBatchUndo(db, { id: params.undo, confirmation, actor, workspaceId: principal.workspaceId });
  return batchUndoWire(plan, items);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
