// GET / POST / DELETE /v1/memory_stores/{store}/memories/{memory} – retrieve, update, delete a memory
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { deleteMemoryQuery, parseWire, queryOf, updateMemoryBody, viewQuery } from "@/lib/http/schemas.ts";
import { memoryWire } from "@/lib/http/serialize.ts";
import { deleteMemory } from "@/lib/memory/memories/delete-memory.ts";
import { getMemory } from "@/lib/memory/memories/get-memory.ts";
import { updateMemory } from "@/lib/memory/memories/update-memory.ts";

type Params = { store: string; memory: string };

export const GET = apiRoute<Params>({ permission: "read" }, async ({ db, params, url }) => {
  const { view = "full" } = parseWire(viewQuery, queryOf(url), "query");
  return memoryWire(await getMemory(db.sql, params.store, params.memory), view === "full");
});

export const POST = apiRoute<Params>({ permission: "write" }, async ({ db, params, url, body, actor }) => {
  const { view = "basic" } = parseWire(viewQuery, queryOf(url), "query");
  const changes = parseWire(updateMemoryBody, await body(), "body");
  const memory = await updateMemory(db, { storeId: params.store, memoryId: params.memory, ...changes, actor });
  return memoryWire(memory, view === "full");
});

export const DELETE = apiRoute<Params>({ permission: "write" }, async ({ db, params, url, actor }) => {
  const { expected_content_sha256 } = parseWire(deleteMemoryQuery, queryOf(url), "query");
  const { id } = await deleteMemory(db, {
    storeId: params.store,
    memoryId: params.memory,
    expectedContentSha256: expected_content_sha256,
    actor,
  });
  return { id, type: "memory_deleted" as const };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
