// POST /v1/review_batch_undos/{undo}/execute – carry out a batch undo dry run, conditional on the heads it saw (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { assertMayUndo, batchUndoWire } from "@/lib/http/review-batch-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { announceExposure } from "@/lib/memory/reads/exposed-sessions.ts";
import { executeBatchUndo, getBatchUndo } from "@/lib/memory/review-batches/run-batch-undo.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";

export const POST = apiRoute(OPERATIONS.executeBatchUndo, async ({ db, params, input, actor, principal }) => {
  const { confirmation } = await input();
  assertMayUndo(principal, (await getBatchUndo(db.sql, params.undo, principal.workspaceId)).plan);
  const { plan, items } = await executeBatchUndo(db, { id: params.undo, confirmation, actor, workspaceId: principal.workspaceId });
  // Once it has committed: the sessions that read what it removed, announced to webhooks and in the report.
  const exposed = await announceExposure(db, { act: { type: "review_batch_undo", id: plan.id }, removed: removedStretches(items, (i) => i.storeId) });
  return batchUndoWire(plan, items, exposed);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
