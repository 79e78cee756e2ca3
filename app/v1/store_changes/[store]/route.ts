// GET /v1/store_changes/{store} – what differs between the store at two moments (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { changesSummaryWire, storeChangeWire } from "@/lib/http/time-travel-wire.ts";
import { validatePathPrefix } from "@/lib/memory/paths.ts";
import { storeChanges } from "@/lib/memory/time-travel/store-changes.ts";

type Cursor = { path: string; memory_id: string; from: string; to: string; prefix: string; actor: string };

export const GET = apiRoute(OPERATIONS.listStoreChanges, async ({ db, params, query }) => {
  const prefix = validatePathPrefix(query.path_prefix ?? "/");
  const actor = { apiKeyId: query.api_key_id, userId: query.user_id, sessionId: query.session_id };
  const from = query.from.toISOString();
  const actorKey = JSON.stringify([query.api_key_id ?? null, query.user_id ?? null, query.session_id ?? null]);
  // `to` defaults to now, once: the cursor keeps the first page's, so that later writes do not shift pages.
  const cursor = decodeCursor<Cursor>(query.page, { from, prefix, actor: actorKey, ...(query.to && { to: query.to.toISOString() }) }, [
    "path",
    "memory_id",
    "to",
  ]);
  const to = query.to ?? (cursor ? new Date(cursor.to) : new Date());
  const result = await storeChanges(db, {
    storeId: params.store,
    from: query.from,
    to,
    prefix,
    actor,
    limit: pageSize(query.limit, false),
    after: cursor && { path: cursor.path, memoryId: cursor.memory_id },
  });
  const next = result.next && encodeCursor({ path: result.next.path, memory_id: result.next.memoryId, from, to: to.toISOString(), prefix, actor: actorKey });
  return { data: result.items.map(storeChangeWire), next_page: next, from, to: to.toISOString(), summary: changesSummaryWire(result.summary) };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
