// GET, POST /v1/review_settings/{store} – whose writes to a store await review (extension; admins change it)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { reviewSettingsWire } from "@/lib/http/review-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getReviewPolicy, setReviewPolicy } from "@/lib/memory/review/settings.ts";

export const GET = apiRoute(OPERATIONS.retrieveReviewSettings, async ({ db, params }) =>
  reviewSettingsWire(params.store, await getReviewPolicy(db, params.store)),
);

export const POST = apiRoute(OPERATIONS.updateReviewSettings, async ({ db, params, input, actor }) => {
  const body = await input();
  return reviewSettingsWire(params.store, await setReviewPolicy(db, params.store, body.needs_review, actor));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
