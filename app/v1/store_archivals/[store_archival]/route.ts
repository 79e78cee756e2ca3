// GET /v1/store_archivals/{store_archival} – one store archival with every store it saw; ?format=json|csv downloads it (extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeActionCsv, storeActionWire } from "@/lib/http/store-action-wire.ts";
import { getStoreAction } from "@/lib/memory/store-actions/run-store-action.ts";

export const GET = apiRoute(OPERATIONS.retrieveStoreArchival, async ({ db, params, query, principal }) => {
  const { plan, items } = await getStoreAction(db, "archive", params.store_archival, principal.workspaceId);
  return reportAnswer(
    plan.id,
    query.format,
    () => storeActionWire(plan, items),
    () => storeActionCsv(plan, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
