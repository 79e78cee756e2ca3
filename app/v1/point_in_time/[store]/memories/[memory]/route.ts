// GET /v1/point_in_time/{store}/memories/{memory} – one memory as it was at a moment (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { readsAt, recordReads } from "@/lib/memory/reads/read-buffer.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { memoryAtWire } from "@/lib/http/time-travel-wire.ts";
import { getMemoryAt } from "@/lib/memory/time-travel/get-memory-at.ts";

export const GET = apiRoute(OPERATIONS.retrieveMemoryAsOf, async ({ db, params, query, reader }) => {
  const { view = "full" } = query;
  const state = await getMemoryAt(db, { storeId: params.store, memoryId: params.memory, at: query.as_of });
  if (view === "full") recordReads(db, reader("api"), readsAt(state));
  return memoryAtWire(state, view === "full");
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
