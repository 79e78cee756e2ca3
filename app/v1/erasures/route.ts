// GET /v1/erasures – erase reports and dry runs, newest first; POST – dry run of an erase (admins; extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { createErasureBody, erasureWire } from "@/lib/http/erasure-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { listStoresQuery, pageSize, parseWire, queryOf } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listErasures } from "@/lib/memory/erase/list-erasures.ts";
import { planErasure } from "@/lib/memory/erase/plan-erasure.ts";

const listQuery = listStoresQuery.pick({ limit: true, page: true });

export const GET = apiRoute({ permission: "admin", beta: false }, async ({ db, url }) => {
  const query = parseWire(listQuery, queryOf(url), "query");
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listErasures(db, { limit: pageSize(query.limit, false), afterId: cursor?.after });
  return page(
    result.items.map((e) => erasureWire(e)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null,
  );
});

export const POST = apiRoute({ permission: "admin", beta: false }, async ({ db, body, actor }) => {
  const input = parseWire(createErasureBody, await body(), "body");
  const { erasure, items } = await planErasure(db, {
    text: input.query,
    storeIds: input.memory_store_ids ?? null,
    action: input.action,
    marker: input.marker,
    actor,
  });
  return erasureWire(erasure, items);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
