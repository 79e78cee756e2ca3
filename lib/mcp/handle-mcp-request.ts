import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { actorOf, assertCan, assertStoreAccess, can, readerOf, type Principal } from "../auth/principal.ts";
import { config } from "../config.ts";
import { getDb } from "../db/instance.ts";
import { presentedKey, principalOfKey, type Authenticated } from "../http/authenticate.ts";
import { readBodyText } from "../http/body.ts";
import { newRequestId } from "../http/errors.ts";
import { sessionIdOf } from "../http/agent-session.ts";
import type { Db } from "../memory/db.ts";
import { invalidRequest, MemoryError, storeNotFound } from "../memory/errors.ts";
import { workspaceOfStore } from "../memory/stores/assert-store-in-workspace.ts";
import { resolveWorkspace } from "../auth/workspace-scope.ts";
import { isAccessToken, principalForAccessToken } from "../oauth/access-tokens.ts";
import { annotateRequest } from "../observability/request-context.ts";
import { corsHeaders, mcpErrorResponse, preflightResponse } from "./http-answers.ts";
import { buildMcpServer } from "./mcp-server.ts";
import { assertAllowedHostAndOrigin } from "./origin-check.ts";
import { bearerChallenge } from "./protected-resource.ts";

/** The route template, as logs and metrics name it. */
export const MCP_ROUTE = "/mcp/{memory_store_id}";

/**
 * The API key or OAuth access token of the request (Authorization: Bearer, or x-api-key as on
 * /v1); console session cookies are not credentials here.
 */
async function authenticateKey(db: Db, request: Request, storeId: string): Promise<Authenticated> {
  const key = presentedKey(request.headers);
  try {
    if (!key) throw new MemoryError("authentication", 'Missing credentials: send an API key of this server as "Authorization: Bearer <key>".');
    if (isAccessToken(key)) {
      const principal = await principalForAccessToken(db, key);
      if (!principal) throw new MemoryError("authentication", "Invalid access token: it is unknown, expired or revoked; refresh it or connect again.");
      return { principal };
    }
    return await principalOfKey(db, key, storeId);
  } catch (error) {
    if (error instanceof MemoryError && error.code === "authentication") throw new Challenge(error, bearerChallenge(request.headers, storeId, key !== null));
    throw error;
  }
}

/** A 401 that carries its WWW-Authenticate challenge. */
class Challenge extends Error {
  constructor(
    readonly error: MemoryError,
    readonly challenge: string,
  ) {
    super(error.message);
  }
}

/**
 * The MCP endpoint acts in its store's workspace (docs/design.md, "Workspaces"): a key of another
 * workspace (an OAuth grant is one) is answered as if the store did not exist; an organisation
 * key, admitted to every workspace, acts in the store's, as it would naming it in the header.
 */
async function inStoresWorkspace(db: Db, principal: Principal, storeId: string, known: string | null | undefined): Promise<Principal> {
  if (known === null) throw storeNotFound(storeId);
  const workspaceId = known ?? (await workspaceOfStore(db.sql, storeId));
  if (principal.kind === "api_key" && principal.keyWorkspaceId !== null && principal.keyWorkspaceId !== workspaceId) throw storeNotFound(storeId);
  return resolveWorkspace(db.sql, principal, workspaceId);
}

/**
 * POST /mcp/{memory_store_id}: the same checks as every /v1 route, in the same order and with
 * the same error envelope (Host and Origin first, then the key, its role and store list, the
 * store, the body limit), then one stateless MCP exchange: a server and a Streamable HTTP
 * transport of the official SDK are made for this request, answer it with JSON, and are closed.
 */
export async function handleMcpRequest(request: Request, storeId: string): Promise<Response> {
  annotateRequest({ route: MCP_ROUTE });
  const requestId = newRequestId();
  let originChecked = false;
  try {
    assertAllowedHostAndOrigin(request.headers);
    originChecked = true;
    const db = await getDb();
    const { principal: authenticated, storeWorkspaceId } = await authenticateKey(db, request, storeId);
    if (authenticated.kind === "api_key") annotateRequest({ principal: { kind: "api_key", id: authenticated.apiKeyId } });
    assertCan(authenticated, "read");
    assertStoreAccess(authenticated, storeId);
    if (storeId.includes("\u0000")) throw invalidRequest("memory_store_id: must not contain NUL (%00) characters.");
    const principal = await inStoresWorkspace(db, authenticated, storeId, storeWorkspaceId);
    const sessionId = sessionIdOf(request.headers);
    const actor = actorOf(principal, sessionId);
    const text = await readBodyText(request, config().MAX_REQUEST_BODY_BYTES);

    const reader = readerOf(principal, sessionId, "mcp");
    const server = buildMcpServer({ db, storeId, principal, actor, reader, canWrite: can(principal, "write") });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const parsed = parseJson(text);
      // A body that is not JSON goes to the transport as sent, which answers it with JSON-RPC's parse error.
      const response = parsed.ok
        ? await transport.handleRequest(request, { parsedBody: parsed.value })
        : await transport.handleRequest(new Request(request.url, { method: "POST", headers: request.headers, body: text }));
      response.headers.set("request-id", requestId);
      for (const [name, value] of Object.entries(corsHeaders(request.headers.get("origin")))) response.headers.set(name, value);
      return response;
    } finally {
      await server.close();
    }
  } catch (error) {
    // CORS only for an Origin that passed the check (a refused one gets its 403 bare).
    const cors = originChecked ? corsHeaders(request.headers.get("origin")) : {};
    if (error instanceof Challenge) return mcpErrorResponse(error.error, requestId, { ...cors, "www-authenticate": error.challenge });
    return mcpErrorResponse(error, requestId, cors);
  }
}

/** OPTIONS /mcp/{memory_store_id}: a CORS preflight from a page the Origin check allows; 403 for any other. */
export async function handleMcpPreflight(request: Request): Promise<Response> {
  annotateRequest({ route: MCP_ROUTE });
  const requestId = newRequestId();
  try {
    assertAllowedHostAndOrigin(request.headers);
    const origin = request.headers.get("origin");
    return origin === null ? new Response(null, { status: 204, headers: { allow: "POST, OPTIONS" } }) : preflightResponse(origin);
  } catch (error) {
    return mcpErrorResponse(error, requestId);
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
