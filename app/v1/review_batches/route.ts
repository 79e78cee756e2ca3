// GET /v1/review_batches – recorded bulk approves and reverts, newest first, with their newest undo (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewBatchWire } from "@/lib/http/review-batch-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listReviewBatches } from "@/lib/memory/review-batches/list-review-batches.ts";

export const GET = apiRoute(OPERATIONS.listReviewBatches, async ({ db, query, principal }) => {
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listReviewBatches(db, { limit: pageSize(query.limit, false), afterId: cursor?.after, scope: storeScopeOf(principal) });
  return page(result.items.map(reviewBatchWire), result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
