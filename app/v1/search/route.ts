// GET /v1/search – find text in current memories or in every version of the stores the caller may read (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { queryFingerprint, searchHitWire, storesToSearch } from "@/lib/http/search-wire.ts";
import { page } from "@/lib/http/serialize.ts";
import { validatePathPrefix } from "@/lib/memory/paths.ts";
import { search } from "@/lib/memory/search/search.ts";
import { parseSearchText } from "@/lib/memory/search/search-text.ts";

export const GET = apiRoute(OPERATIONS.search, async ({ db, url, principal, query }) => {
  const { limit: _limit, page: cursor, ...rest } = query;
  const filters = {
    text: parseSearchText(query.q, query.mode ?? "words"),
    scope: query.scope ?? "memories",
    stores: await storesToSearch(db, principal, url.searchParams.getAll("memory_store_id")),
    pathPrefix: query.path_prefix === undefined ? undefined : validatePathPrefix(query.path_prefix),
    apiKeyId: query.api_key_id,
    sessionId: query.session_id,
    userId: query.user_id,
    serviceAccountId: query.service_account_id,
    createdAtGte: query["created_at[gte]"],
    createdAtLte: query["created_at[lte]"],
  };
  const fingerprint = queryFingerprint({ ...rest, stores: filters.stores.storeIds ?? null });
  const from = decodeCursor<{ for: string; from: string }>(cursor, { for: fingerprint }, ["from"])?.from;
  const result = await search(db, { ...filters, limit: pageSize(query.limit, false), from });
  return page(result.hits.map(searchHitWire), result.next === null ? null : encodeCursor({ for: fingerprint, from: result.next }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
