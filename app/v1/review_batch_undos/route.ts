// GET /v1/review_batch_undos – batch undo reports and dry runs, newest first; POST – dry run of undoing a review batch (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { batchUndoWire } from "@/lib/http/review-batch-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";
import { listBatchUndos, planBatchUndo } from "@/lib/memory/review-batches/run-batch-undo.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";

export const GET = apiRoute(OPERATIONS.listBatchUndos, async ({ db, query, principal }) => {
  const cursor = decodeCursor<{ after: string; batch: string }>(query.page, { batch: query.batch_id ?? "" }, ["after"]);
  const result = await listBatchUndos(db, {
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
    batchId: query.batch_id,
    scope: storeScopeOf(principal),
  });
  return page(
    result.items.map((u) => batchUndoWire(u)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId, batch: query.batch_id ?? "" }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.planBatchUndo, async ({ db, input, actor, principal }) => {
  const body = await input();
  const { plan, items } = await planBatchUndo(db, { batchId: body.batch_id, scope: storeScopeOf(principal), actor });
  return batchUndoWire(
    plan,
    items,
    await exposedSessions(
      db,
      removedStretches(items, (i) => i.storeId),
    ),
  );
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
