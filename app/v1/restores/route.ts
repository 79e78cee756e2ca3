// GET /v1/restores – restore reports and dry runs, newest first; POST – dry run of a restore to a moment (extension)
import { assertStoreAccess, storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { restoreWire } from "@/lib/http/put-back-wire.ts";
import { listRestores, planRestore } from "@/lib/memory/time-travel/run-put-back.ts";

export const GET = apiRoute(OPERATIONS.listRestores, async ({ db, query, principal }) => {
  const cursor = decodeCursor<{ after: string; store: string }>(query.page, { store: query.memory_store_id ?? "" }, ["after"]);
  const result = await listRestores(db, {
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
    scope: storeScopeOf(principal),
    storeId: query.memory_store_id,
  });
  return page(
    result.items.map((r) => restoreWire(r)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId, store: query.memory_store_id ?? "" }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.planRestore, async ({ db, input, actor, principal }) => {
  const body = await input();
  assertStoreAccess(principal, body.memory_store_id);
  const { plan, items } = await planRestore(db, {
    storeId: body.memory_store_id,
    asOf: body.as_of,
    pathPrefix: body.path_prefix,
    actor,
    workspaceId: principal.workspaceId,
  });
  return restoreWire(plan, items, await exposedSessions(db, removedStretches(items, plan.storeId)));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
