// POST /v1/memory_stores – create a store; GET /v1/memory_stores – list stores
import { assertStoreAccess, storeFilterOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { createStoreBody, listStoresQuery, pageSize, parseWire, queryOf } from "@/lib/http/schemas.ts";
import { page, storeWire } from "@/lib/http/serialize.ts";
import { createStore } from "@/lib/memory/stores/create-store.ts";
import { listStores } from "@/lib/memory/stores/list-stores.ts";

export const POST = apiRoute({ permission: "write" }, async ({ db, body, principal }) => {
  assertStoreAccess(principal, null);
  return storeWire(await createStore(db, parseWire(createStoreBody, await body(), "body")));
});

export const GET = apiRoute({ permission: "read" }, async ({ db, url, principal }) => {
  const query = parseWire(listStoresQuery, queryOf(url), "query");
  const includeArchived = query.include_archived ?? false;
  const cursor = decodeCursor<{ after: string; archived: number }>(query.page, { archived: Number(includeArchived) }, ["after"]);
  const result = await listStores(db, {
    includeArchived,
    createdAtGte: query["created_at[gte]"],
    createdAtLte: query["created_at[lte]"],
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
    onlyIds: storeFilterOf(principal),
  });
  const next = result.nextAfterId ? encodeCursor({ after: result.nextAfterId, archived: Number(includeArchived) }) : null;
  return page(result.items.map(storeWire), next);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
