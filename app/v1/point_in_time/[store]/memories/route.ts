// GET /v1/point_in_time/{store}/memories – list the memories as they were at a moment (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { readsAt, recordReads } from "@/lib/memory/reads/read-buffer.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { memoryAtWire } from "@/lib/http/time-travel-wire.ts";
import { validatePathPrefix } from "@/lib/memory/paths.ts";
import { listMemoriesAt } from "@/lib/memory/time-travel/list-memories-at.ts";

export const GET = apiRoute(OPERATIONS.listMemoriesAsOf, async ({ db, params, query, reader }) => {
  const prefix = validatePathPrefix(query.path_prefix ?? "/");
  const depth = (query.depth ?? 0) as 0 | 1;
  const full = query.view === "full";
  const asOf = query.as_of.toISOString();
  const cursor = decodeCursor<{ from: string; prefix: string; depth: number; as_of: string }>(query.page, { prefix, depth, as_of: asOf }, ["from"]);
  const result = await listMemoriesAt(db, {
    storeId: params.store,
    at: query.as_of,
    prefix,
    depth,
    withContent: full,
    limit: pageSize(query.limit, full),
    from: cursor?.from,
  });
  if (full)
    recordReads(
      db,
      reader("api"),
      result.items.flatMap((item) => (item.kind === "memory" ? readsAt(item.memory) : [])),
    );
  const next = result.nextFrom === null ? null : encodeCursor({ from: result.nextFrom, prefix, depth, as_of: asOf });
  return page(
    result.items.map((item) => (item.kind === "prefix" ? { type: "memory_prefix" as const, path: item.path } : memoryAtWire(item.memory, full))),
    next,
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
