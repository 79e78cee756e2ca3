// GET /v1/reviews/counts – how many memories await review, in all and per store (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewFilterOf } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { countReviews } from "@/lib/memory/review/list-reviews.ts";

export const GET = apiRoute(OPERATIONS.countReviews, async ({ db, principal, query }) => ({
  type: "review_counts" as const,
  ...(await countReviews(db, reviewFilterOf(principal, query))),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
