// GET /.well-known/oauth-protected-resource/mcp/{memory_store_id} – RFC 9728 metadata of a store's MCP endpoint (named by its 401 challenge)
import { otherMethods } from "@/lib/http/route.ts";
import { protectedResourceMetadata } from "@/lib/mcp/protected-resource.ts";
import { annotateRequest } from "@/lib/observability/request-context.ts";

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ memory_store_id: string }> }): Promise<Response> {
  annotateRequest({ route: "/.well-known/oauth-protected-resource/mcp/{memory_store_id}" });
  const metadata = protectedResourceMetadata(request.headers, (await context.params).memory_store_id);
  return Response.json(metadata, { headers: { "access-control-allow-origin": "*" } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
