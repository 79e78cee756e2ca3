// GET, POST /v1/review_settings/{store} – whose writes to a store await review (extension; admins change it)
import { reviewSettingsWire, settingsBody } from "@/lib/http/review-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";
import { getReviewPolicy, setReviewPolicy } from "@/lib/memory/review/settings.ts";

export const GET = apiRoute<{ store: string }>({ permission: "read", beta: false }, async ({ db, params }) =>
  reviewSettingsWire(params.store, await getReviewPolicy(db, params.store)),
);

export const POST = apiRoute<{ store: string }>({ permission: "admin", beta: false }, async ({ db, params, body }) => {
  const input = parseWire(settingsBody, await body(), "body");
  return reviewSettingsWire(params.store, await setReviewPolicy(db, params.store, input.needs_review));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
