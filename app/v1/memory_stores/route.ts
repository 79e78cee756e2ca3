// POST /v1/memory_stores – create a store; GET /v1/memory_stores – list stores
import { assertStoreAccess, storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page, storeWire } from "@/lib/http/serialize.ts";
import { createStore } from "@/lib/memory/stores/create-store.ts";
import { listStores } from "@/lib/memory/stores/list-stores.ts";

export const POST = apiRoute(OPERATIONS.createStore, async ({ db, input, principal }) => {
  assertStoreAccess(principal, null);
  return storeWire(await createStore(db, { ...(await input()), workspaceId: principal.workspaceId }));
});

export const GET = apiRoute(OPERATIONS.listStores, async ({ db, query, principal }) => {
  const includeArchived = query.include_archived ?? false;
  const cursor = decodeCursor<{ after: string; archived: number }>(query.page, { archived: Number(includeArchived) }, ["after"]);
  const result = await listStores(db, {
    includeArchived,
    createdAtGte: query["created_at[gte]"],
    createdAtLte: query["created_at[lte]"],
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
    scope: storeScopeOf(principal),
  });
  const next = result.nextAfterId ? encodeCursor({ after: result.nextAfterId, archived: Number(includeArchived) }) : null;
  return page(result.items.map(storeWire), next);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
