// GET /.well-known/oauth-authorization-server[/…] – RFC 8414 metadata, also at the path-suffixed forms clients probe (…/mcp/{store})
import { OAUTH_CORS, oauthPreflight } from "@/lib/oauth/oauth-errors.ts";
import { authorizationServerMetadata } from "@/lib/oauth/metadata.ts";
import { annotateRequest } from "@/lib/observability/request-context.ts";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  annotateRequest({ route: "/.well-known/oauth-authorization-server" });
  return Response.json(authorizationServerMetadata(request.headers), { headers: OAUTH_CORS });
}

// Browser clients send MCP-Protocol-Version with discovery requests, which makes them preflighted.
export const OPTIONS = () => oauthPreflight("GET");
