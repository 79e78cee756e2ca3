// GET /v1/memory_stores/{store}/memory_versions – list versions, newest first
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page, versionWire } from "@/lib/http/serialize.ts";
import { listVersions } from "@/lib/memory/versions/list-versions.ts";

export const GET = apiRoute(OPERATIONS.listVersions, async ({ db, params, query }) => {
  const full = query.view === "full";
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listVersions(db, {
    storeId: params.store,
    memoryId: query.memory_id,
    operation: query.operation,
    apiKeyId: query.api_key_id,
    sessionId: query.session_id,
    userId: query.user_id,
    serviceAccountId: query.service_account_id,
    createdAtGte: query["created_at[gte]"],
    createdAtLte: query["created_at[lte]"],
    pathPrefix: query.path_prefix,
    withContent: full,
    limit: pageSize(query.limit, full),
    afterId: cursor?.after,
  });
  const next = result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null;
  return page(
    result.items.map((v) => versionWire(v, full)),
    next,
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
