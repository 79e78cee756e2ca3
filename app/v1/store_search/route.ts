// GET /v1/store_search – stores whose name and metadata match a filter, newest first (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { queryFingerprint } from "@/lib/http/search-wire.ts";
import { page, storeWire } from "@/lib/http/serialize.ts";
import { findStores, parseStoreFilter } from "@/lib/memory/stores/find-stores.ts";

export const GET = apiRoute(OPERATIONS.findStores, async ({ db, url, query, principal }) => {
  const filter = parseStoreFilter(query.name, url.searchParams.getAll("metadata"));
  const includeArchived = query.include_archived ?? false;
  const fingerprint = queryFingerprint({ ...filter, includeArchived });
  const cursor = decodeCursor<{ for: string; after: string }>(query.page, { for: fingerprint }, ["after"]);
  const result = await findStores(db, {
    ...filter,
    includeArchived,
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
    scope: storeScopeOf(principal),
  });
  return page(result.items.map(storeWire), result.nextAfterId ? encodeCursor({ for: fingerprint, after: result.nextAfterId }) : null);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
