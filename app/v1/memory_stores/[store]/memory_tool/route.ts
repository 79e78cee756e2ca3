// POST /v1/memory_stores/{store}/memory_tool – run one memory-tool (memory_20250818) command against the store
import { actorOf, can } from "@/lib/auth/principal.ts";
import { memoryToolQuery } from "@/lib/http/memory-tool-schemas.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire, queryOf } from "@/lib/http/schemas.ts";
import { runMemoryTool } from "@/lib/memory/memory-tool/run-memory-tool.ts";

type Params = { store: string };

// "read" lets viewers and read-only keys in: view works for them, write commands answer with an error result.
export const POST = apiRoute<Params>({ permission: "read" }, async ({ db, params, url, body, principal }) => {
  const { session_id } = parseWire(memoryToolQuery, queryOf(url), "query");
  const result = await runMemoryTool(db, {
    storeId: params.store,
    input: await body(),
    actor: actorOf(principal, session_id),
    canWrite: can(principal, "write"),
  });
  return { type: "memory_tool_result" as const, content: result.content, is_error: result.isError };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
