// GET /v1/store_archivals – store archival reports and dry runs, newest first; POST – dry run of a store archival by ids or filter (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { selectionOf, storeActionWire } from "@/lib/http/store-action-wire.ts";
import { listStoreActions, planStoreAction } from "@/lib/memory/store-actions/run-store-action.ts";

export const GET = apiRoute(OPERATIONS.listStoreArchivals, async ({ db, query, principal }) => {
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listStoreActions(db, "archive", { limit: pageSize(query.limit, false), afterId: cursor?.after, workspaceId: principal.workspaceId });
  return page(
    result.items.map((plan) => storeActionWire(plan)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.planStoreArchival, async ({ db, input: read, actor, principal }) => {
  const { plan, items } = await planStoreAction(db, { action: "archive", selection: selectionOf(await read()), actor, scope: storeScopeOf(principal) });
  return storeActionWire(plan, items);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
