// GET /v1/review_batch_undos/{undo} – one batch undo with every memory it saw; ?format=json|csv downloads it (extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { assertMayUndo, batchUndoCsv, batchUndoWire } from "@/lib/http/review-batch-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";
import { getBatchUndo } from "@/lib/memory/review-batches/run-batch-undo.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";

export const GET = apiRoute(OPERATIONS.retrieveBatchUndo, async ({ db, params, query, principal }) => {
  const { plan, items } = await getBatchUndo(db.sql, params.undo, principal.workspaceId);
  assertMayUndo(principal, plan);
  const exposed =
    query.format === "csv"
      ? []
      : await exposedSessions(
          db,
          removedStretches(items, (i) => i.storeId),
        );
  return reportAnswer(
    plan.id,
    query.format,
    () => batchUndoWire(plan, items, exposed),
    () => batchUndoCsv(plan.id, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
