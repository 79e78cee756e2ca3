// GET /v1/memory_reads/{store} – the store's recorded reads, newest reader first (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { memoryReadWire } from "@/lib/http/read-operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { listReads, type ReadFilters } from "@/lib/memory/reads/read-queries.ts";

export const GET = apiRoute(OPERATIONS.listMemoryReads, async ({ db, params, query }) => {
  const filters: ReadFilters = {
    memoryId: query.memory_id,
    versionId: query.version_id,
    sessionId: query.session_id,
    apiKeyId: query.api_key_id,
    userId: query.user_id,
    channel: query.channel,
    lastReadGte: query["created_at[gte]"],
    lastReadLte: query["created_at[lte]"],
  };
  // The cursor names its filters, so that a page of one list is never read as a page of another.
  const filterKey = JSON.stringify(filters);
  const cursor = decodeCursor<{ before: string; filters: string }>(query.page, { filters: filterKey }, ["before"]);
  const result = await listReads(db, { storeId: params.store, filters, limit: pageSize(query.limit, false), before: cursor?.before });
  return page(result.reads.map(memoryReadWire), result.next === null ? null : encodeCursor({ before: result.next, filters: filterKey }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
