// GET /v1/store_activity/{store} – who wrote to a store, when, and its writes over time (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeActivityWire } from "@/lib/http/time-travel-wire.ts";
import { storeActivity } from "@/lib/memory/time-travel/store-activity.ts";

export const GET = apiRoute(OPERATIONS.storeActivity, async ({ db, params, query }) => {
  const activity = await storeActivity(db, {
    storeId: params.store,
    from: query.from,
    to: query.to,
    limit: Math.min(query.limit ?? 50, 100),
    bucketCount: query.buckets ?? 48,
  });
  return storeActivityWire(params.store, activity);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
