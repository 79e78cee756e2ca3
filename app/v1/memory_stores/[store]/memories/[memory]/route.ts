// GET / POST / DELETE /v1/memory_stores/{store}/memories/{memory} – retrieve, update, delete a memory
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { memoryWire, writtenMemoryWire } from "@/lib/http/serialize.ts";
import { deleteMemory } from "@/lib/memory/memories/delete-memory.ts";
import { getMemory } from "@/lib/memory/memories/get-memory.ts";
import { readOf, recordReads } from "@/lib/memory/reads/read-buffer.ts";
import { updateMemory } from "@/lib/memory/memories/update-memory.ts";

export const GET = apiRoute(OPERATIONS.retrieveMemory, async ({ db, params, query, reader }) => {
  const { view = "full" } = query;
  const memory = await getMemory(db.sql, params.store, params.memory);
  if (view === "full") recordReads(db, reader("api"), [readOf(memory)]);
  return memoryWire(memory, view === "full");
});

export const POST = apiRoute(OPERATIONS.updateMemory, async ({ db, params, query, input, actor }) => {
  const { view = "basic" } = query;
  const changes = await input();
  const memory = await updateMemory(db, { storeId: params.store, memoryId: params.memory, ...changes, actor });
  return writtenMemoryWire(memory, view === "full");
});

export const DELETE = apiRoute(OPERATIONS.deleteMemory, async ({ db, params, query, actor }) => {
  const { expected_content_sha256 } = query;
  const { id } = await deleteMemory(db, {
    storeId: params.store,
    memoryId: params.memory,
    expectedContentSha256: expected_content_sha256,
    actor,
  });
  return { id, type: "memory_deleted" as const };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
