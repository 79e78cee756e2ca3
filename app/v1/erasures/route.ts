// GET /v1/erasures – erase reports and dry runs, newest first; POST – dry run of an erase (admins; extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { erasureWire } from "@/lib/http/erasure-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listErasures } from "@/lib/memory/erase/get-erasure.ts";
import { erasedStretches } from "@/lib/memory/erase/erasure-rows.ts";
import { planErasure } from "@/lib/memory/erase/plan-erasure.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";

export const GET = apiRoute(OPERATIONS.listErasures, async ({ db, query, principal }) => {
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listErasures(db, { limit: pageSize(query.limit, false), afterId: cursor?.after, workspaceId: principal.workspaceId });
  return page(
    result.items.map((e) => erasureWire(e)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.planErasure, async ({ db, input: read, actor, principal }) => {
  const input = await read();
  const { erasure, items } = await planErasure(db, {
    text: input.query,
    values: input.values,
    patternType: input.pattern_type,
    storeIds: input.memory_store_ids ?? null,
    workspaceId: principal.workspaceId,
    action: input.action,
    marker: input.marker,
    actor,
  });
  return erasureWire(erasure, items, await exposedSessions(db, erasedStretches(items)));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
