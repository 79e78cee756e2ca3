// GET /v1/version_readers/{store}/{version} – who was handed this version's content while it was the head (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { versionReaderWire } from "@/lib/http/read-operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { versionReaders } from "@/lib/memory/reads/read-queries.ts";

export const GET = apiRoute(OPERATIONS.listVersionReaders, async ({ db, params, query }) => {
  const cursor = decodeCursor<{ after: string; version: string }>(query.page, { version: params.version }, ["after"]);
  const result = await versionReaders(db, { storeId: params.store, versionId: params.version, limit: pageSize(query.limit, false), after: cursor?.after });
  return {
    memory_version_id: params.version,
    total_readers: result.total,
    data: result.readers.map(versionReaderWire),
    next_page: result.next === null ? null : encodeCursor({ after: result.next, version: params.version }),
  };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
