// GET /v1/store_deletions/{store_deletion} – one store deletion with every store it saw; ?format=json|csv downloads it (extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeActionCsv, storeActionWire } from "@/lib/http/store-action-wire.ts";
import { getStoreAction } from "@/lib/memory/store-actions/run-store-action.ts";

export const GET = apiRoute(OPERATIONS.retrieveStoreDeletion, async ({ db, params, query, principal }) => {
  const { plan, items } = await getStoreAction(db, "delete", params.store_deletion, principal.workspaceId);
  return reportAnswer(
    plan.id,
    query.format,
    () => storeActionWire(plan, items),
    () => storeActionCsv(plan, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
