// GET /v1/point_in_time/{store} – what the store held at a moment: memories live then and their size (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeAsOfWire } from "@/lib/http/store-as-of-operations.ts";
import { storeTotalsAt } from "@/lib/memory/stores/store-totals-at.ts";

export const GET = apiRoute(OPERATIONS.retrieveStoreAsOf, async ({ db, params, query }) =>
  storeAsOfWire(await storeTotalsAt(db, { storeId: params.store, at: query.as_of })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
