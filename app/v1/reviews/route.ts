// GET /v1/reviews – the review inbox: memories with changes awaiting review, newest first (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewItemWire } from "@/lib/http/review-wire.ts";
import { reviewFilterOf } from "@/lib/http/review-scope.ts";
import { readsSinceSettled } from "@/lib/memory/reads/exposed-sessions.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listReviews } from "@/lib/memory/review/list-reviews.ts";

export const GET = apiRoute(OPERATIONS.listReviews, async ({ db, principal, query }) => {
  const cursor = decodeCursor<{ updated_at: string; memory_id: string }>(query.page, {}, ["updated_at", "memory_id"]);
  const result = await listReviews(db, {
    ...reviewFilterOf(principal, query),
    limit: pageSize(query.limit, false),
    after: cursor && { updatedAt: cursor.updated_at, memoryId: cursor.memory_id },
  });
  const next = result.next ? encodeCursor({ updated_at: result.next.updatedAt, memory_id: result.next.memoryId }) : null;
  const reads = await readsSinceSettled(db, result.items);
  return page(
    result.items.map((item) => reviewItemWire(item, reads.get(item.memoryId))),
    next,
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
