// POST /mcp/{memory_store_id} – the store as an MCP server (Streamable HTTP, stateless, JSON answers): the memory tool, search, history, resources
import { otherMethods } from "@/lib/http/route.ts";
import { handleMcpPreflight, handleMcpRequest } from "@/lib/mcp/handle-mcp-request.ts";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ memory_store_id: string }> }): Promise<Response> {
  return handleMcpRequest(request, (await context.params).memory_store_id);
}

export const OPTIONS = handleMcpPreflight;

// No server-sent event stream and no session to end: the transport spec's answer to GET and DELETE is 405.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
