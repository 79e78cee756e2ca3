// GET /v1/reviews/{memory} – one item with both ends of its combined change (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewItemWire, reviewSideWire } from "@/lib/http/review-wire.ts";
import { reviewStoreFor } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getReview } from "@/lib/memory/review/get-review.ts";

export const GET = apiRoute(OPERATIONS.retrieveReview, async ({ db, principal, params }) => {
  await reviewStoreFor(db, principal, params.memory, "read");
  const review = await getReview(db, params.memory);
  return { type: "review" as const, item: reviewItemWire(review.item), settled: reviewSideWire(review.settled), head: reviewSideWire(review.head) };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
