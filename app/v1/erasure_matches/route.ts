// POST /v1/erasure_matches – dry run of a pattern erase: every distinct match with its counts, bounded (admins; extension)
import { erasureMatchesWire } from "@/lib/http/erasure-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { findMatches } from "@/lib/memory/erase/find-matches.ts";

export const POST = apiRoute(OPERATIONS.findErasureMatches, async ({ db, input: read, principal }) => {
  const input = await read();
  return erasureMatchesWire(
    await findMatches(db, { pattern: input.pattern, storeIds: input.memory_store_ids ?? null, workspaceId: principal.workspaceId, limit: input.limit }),
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
