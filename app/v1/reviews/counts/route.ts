// GET /v1/reviews/counts – how many memories await review, in all and per store (extension)
import { reviewCountsQuery } from "@/lib/http/review-wire.ts";
import { reviewFilterOf } from "@/lib/http/review-scope.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire, queryOf } from "@/lib/http/schemas.ts";
import { countReviews } from "@/lib/memory/review/list-reviews.ts";

export const GET = apiRoute({ permission: "read", beta: false }, async ({ db, principal, url }) => {
  const query = parseWire(reviewCountsQuery, queryOf(url), "query");
  return { type: "review_counts" as const, ...(await countReviews(db, reviewFilterOf(principal, query))) };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
