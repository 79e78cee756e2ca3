// POST /v1/memory_stores/{store}/memory_tool – run one memory-tool (memory_20250818) command against the store
import { actorOf, can, readerOf } from "@/lib/auth/principal.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { countMemoryToolCommand } from "@/lib/observability/metrics.ts";
import { runMemoryTool } from "@/lib/memory/memory-tool/run-memory-tool.ts";

// The body goes to the memory tool as sent: a wrong shape is answered as a tool result the model can read.
export const POST = apiRoute(OPERATIONS.runMemoryTool, async ({ db, params, query, body, principal }) => {
  const input = await body();
  const result = await runMemoryTool(db, {
    storeId: params.store,
    input,
    actor: actorOf(principal, query.session_id),
    reader: readerOf(principal, query.session_id, "memory_tool"),
    canWrite: can(principal, "write"),
    storeFound: true, // the route wrapper found it in the request's workspace
  });
  countMemoryToolCommand(input.command, result.isError);
  return { type: "memory_tool_result" as const, content: result.content, is_error: result.isError };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
