// POST /v1/memory_stores/{store}/memory_tool – run one memory-tool (memory_20250818) command against the store
import { can } from "@/lib/auth/principal.ts";
import { memoryToolBody, memoryToolQuery } from "@/lib/http/memory-tool-schemas.ts";
import { apiRoute } from "@/lib/http/route.ts";
import { parseWire, queryOf } from "@/lib/http/schemas.ts";
import { runMemoryTool } from "@/lib/memory/memory-tool/run-memory-tool.ts";

type Params = { store: string };

// "read" lets viewers and read-only keys in: view works for them, write commands answer with an error result.
export const POST = apiRoute<Params>({ permission: "read" }, async ({ db, params, url, body, principal, actor }) => {
  const { session_id } = parseWire(memoryToolQuery, queryOf(url), "query");
  const command = parseWire(memoryToolBody, await body(), "body");
  const result = await runMemoryTool(db, {
    storeId: params.store,
    command,
    actor: session_id ? { type: "session_actor", session_id } : actor,
    canWrite: can(principal, "write"),
  });
  return { type: "memory_tool_result" as const, content: result.content, is_error: result.isError };
});
