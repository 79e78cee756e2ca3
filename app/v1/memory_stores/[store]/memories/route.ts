// POST /v1/memory_stores/{store}/memories – create a memory; GET – list memories
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { listItemWire, page, writtenMemoryWire } from "@/lib/http/serialize.ts";
import { createMemory } from "@/lib/memory/memories/create-memory.ts";
import { listMemories } from "@/lib/memory/memories/list-memories.ts";
import { validatePathPrefix } from "@/lib/memory/paths.ts";
import { readOf, recordReads } from "@/lib/memory/reads/read-buffer.ts";

export const POST = apiRoute(OPERATIONS.createMemory, async ({ db, params, query, input, actor }) => {
  const { view = "basic" } = query;
  return writtenMemoryWire(await createMemory(db, { storeId: params.store, ...(await input()), actor }), view === "full");
});

export const GET = apiRoute(OPERATIONS.listMemories, async ({ db, params, query, reader }) => {
  const prefix = validatePathPrefix(query.path_prefix ?? "/");
  const depth = (query.depth ?? 0) as 0 | 1;
  const full = query.view === "full";
  const cursor = decodeCursor<{ from: string; prefix: string; depth: number }>(query.page, { prefix, depth }, ["from"]);
  const result = await listMemories(db, {
    storeId: params.store,
    prefix,
    depth,
    withContent: full,
    limit: pageSize(query.limit, full),
    from: cursor?.from,
  });
  // A page with content is what a sync engine or the mirror downloads: each memory on it is read.
  if (full)
    recordReads(
      db,
      reader("sync"),
      result.items.flatMap((item) => (item.kind === "memory" ? [readOf(item.memory)] : [])),
    );
  const next = result.nextFrom === null ? null : encodeCursor({ from: result.nextFrom, prefix, depth });
  return page(
    result.items.map((item) => listItemWire(item, full)),
    next,
  );
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
