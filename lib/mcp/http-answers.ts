/**
 * What /mcp/{store} answers at the HTTP level, before or around the MCP exchange: the /v1 error
 * envelope, which is also a JSON-RPC error response without an id (the transport spec lets a
 * 401/403/404 body be one), and CORS for the browser pages the Origin check allows (MCP
 * Inspector and other web clients send Authorization and the MCP headers cross-origin).
 */
import { errorResponse } from "../http/errors.ts";

/** JSON-RPC's "server error" code: the refusal is HTTP's (status and envelope), not a method's. */
const SERVER_ERROR = -32000;

/** The envelope `{type:"error", error:{type, message}, request_id}` with `jsonrpc`, `id: null` and `error.code` added. */
export async function mcpErrorResponse(error: unknown, requestId: string, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const envelope = errorResponse(error, requestId);
  const body = (await envelope.json()) as { error: Record<string, unknown> };
  const headers = new Headers(envelope.headers);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return Response.json({ jsonrpc: "2.0", id: null, ...body, error: { code: SERVER_ERROR, ...body.error } }, { status: envelope.status, headers });
}

const ALLOWED_HEADERS = [
  "authorization",
  "x-api-key",
  "content-type",
  "accept",
  "mcp-protocol-version",
  "mcp-session-id",
  "last-event-id",
  "x-memory-session-id",
];
const EXPOSED_HEADERS = ["www-authenticate", "mcp-session-id", "mcp-protocol-version", "request-id"];

/** CORS headers for an allowed Origin (the caller checked it); none without an Origin. */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (origin === null) return {};
  return { "access-control-allow-origin": origin, "access-control-expose-headers": EXPOSED_HEADERS.join(", "), vary: "Origin" };
}

/** The answer to a CORS preflight from an allowed Origin. */
export function preflightResponse(origin: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": ALLOWED_HEADERS.join(", "),
      "access-control-max-age": "600",
    },
  });
}
