// POST /v1/store_deletions/{store_deletion}/execute – carry out a store deletion dry run, conditional on what it saw (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeActionWire } from "@/lib/http/store-action-wire.ts";
import { executeStoreAction } from "@/lib/memory/store-actions/run-store-action.ts";

export const POST = apiRoute(OPERATIONS.executeStoreDeletion, async ({ db, params, input: read, actor, principal }) => {
  const { confirmation } = await read();
  const { plan, items } = await executeStoreAction(db, { action: "delete", id: params.store_deletion, confirmation, actor, scope: storeScopeOf(principal) });
  return storeActionWire(plan, items);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
