// GET /v1/review_decisions – who approved or reverted what, newest first (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewDecisionWire } from "@/lib/http/review-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listDecisions } from "@/lib/memory/review/decisions.ts";

export const GET = apiRoute(OPERATIONS.listReviewDecisions, async ({ db, principal, query }) => {
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listDecisions(db, {
    scope: storeScopeOf(principal),
    storeId: query.store_id,
    memoryId: query.memory_id,
    batchId: query.batch_id,
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
  });
  return page(result.items.map(reviewDecisionWire), result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
