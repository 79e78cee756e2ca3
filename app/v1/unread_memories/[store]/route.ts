// GET /v1/unread_memories/{store} – memories no agent has read for N days, in path order (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { memoryWire, page } from "@/lib/http/serialize.ts";
import { listUnreadMemories } from "@/lib/memory/reads/unread-memories.ts";

export const GET = apiRoute(OPERATIONS.listUnreadMemories, async ({ db, params, query }) => {
  const days = query.days ?? 30;
  const cursor = decodeCursor<{ after: string; days: number }>(query.page, { days }, ["after"]);
  const result = await listUnreadMemories(db, { storeId: params.store, days, limit: pageSize(query.limit, false), after: cursor?.after });
  return page(
    result.memories.map((memory) => memoryWire(memory, false)),
    result.next === null ? null : encodeCursor({ after: result.next, days }),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
