// GET /v1/store_search – stores whose name, metadata, idleness and size match a filter, sorted (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { queryFingerprint } from "@/lib/http/search-wire.ts";
import { page, storeWire } from "@/lib/http/serialize.ts";
import { archivedOf, cursorPosition, type StoreCursor } from "@/lib/http/store-search-wire.ts";
import { findStores } from "@/lib/memory/stores/find-stores.ts";
import { parseStoreFilter } from "@/lib/memory/stores/store-selection.ts";

export const GET = apiRoute(OPERATIONS.findStores, async ({ db, url, query, principal }) => {
  const selection = {
    ...parseStoreFilter(query.name, url.searchParams.getAll("metadata")),
    archived: archivedOf(query.archived, query.include_archived),
    idleDays: query.idle_days,
    minFillPercent: query.min_fill_percent,
    minContentBytes: query.min_content_bytes,
  };
  const sorted = { sort: query.sort, order: query.order };
  const fingerprint = queryFingerprint({ ...selection, ...sorted });
  const cursor = decodeCursor<StoreCursor>(query.page, { for: fingerprint }, ["run", "id"]);
  const result = await findStores(db, {
    ...selection,
    ...sorted,
    limit: pageSize(query.limit, false),
    after: cursor && cursorPosition(cursor, query.sort),
    scope: storeScopeOf(principal),
  });
  const next = result.next && encodeCursor({ for: fingerprint, run: result.next.run, value: result.next.value ?? "", id: result.next.id });
  return page(result.items.map(storeWire), next);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
