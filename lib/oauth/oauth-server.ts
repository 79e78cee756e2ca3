/**
 * The token endpoint and the issuing of codes, run by @node-oauth/oauth2-server (framework-free:
 * it takes plain request/response objects, adapted here from the web Request). Public clients
 * only: no client secret for either grant, PKCE S256 only, and a new refresh token on every
 * refresh (the used one stops).
 */
import OAuth2Server from "@node-oauth/oauth2-server";
import type { Db } from "../memory/db.ts";
import { ACCESS_TOKEN_SECONDS, CODE_SECONDS, REFRESH_TOKEN_SECONDS } from "./lifetimes.ts";
import { OAUTH_CORS, OAuthFailure } from "./oauth-errors.ts";
import { resourceStoreId } from "./resource.ts";
import { tokenModel, type GrantUser } from "./token-model.ts";

const OPTIONS = {
  accessTokenLifetime: ACCESS_TOKEN_SECONDS,
  refreshTokenLifetime: REFRESH_TOKEN_SECONDS,
  authorizationCodeLifetime: CODE_SECONDS,
  requireClientAuthentication: { authorization_code: false, refresh_token: false },
  alwaysIssueNewRefreshToken: true,
  allowEmptyState: true,
};

function libraryRequest(method: string, headers: Headers, body: Record<string, string>, query: Record<string, string> = {}) {
  return new OAuth2Server.Request({ method, headers: Object.fromEntries(headers), query, body });
}

function webResponse(response: OAuth2Server.Response): Response {
  const headers = new Headers({ ...OAUTH_CORS, "cache-control": "no-store" });
  for (const [name, value] of Object.entries(response.headers ?? {})) headers.set(name, String(value));
  return Response.json(response.body, { status: response.status ?? 200, headers });
}

/** The stores a grant may reach (a grant is always limited to chosen stores). */
async function grantStores(db: Db, apiKeyId: string): Promise<string[]> {
  const [row] = await db.sql.$queryRaw<{ store_ids: string | null }[]>`SELECT store_ids FROM api_keys WHERE id = ${apiKeyId}`;
  return row?.store_ids ? (JSON.parse(row.store_ids) as string[]) : [];
}

/** POST /oauth/token: authorization_code (with code_verifier) and refresh_token grants, form-encoded. */
export async function exchangeToken(db: Db, request: Request, text: string): Promise<Response> {
  const form = new URLSearchParams(text);
  const body: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name in body) throw new OAuthFailure("invalid_request", `${name}: given more than once.`);
    body[name] = value;
  }
  const resource = body.resource;
  const requestedStore = resource === undefined ? null : resourceStoreId(request.headers, resource);
  const checkGrant = async (apiKeyId: string) => {
    if (requestedStore !== null && !(await grantStores(db, apiKeyId)).includes(requestedStore)) {
      throw new OAuth2Server.OAuthError("resource: this grant does not include that memory store.", { code: 400, name: "invalid_target" });
    }
  };
  const headers = new Headers(request.headers);
  // The library reads the body only when the headers say there is one; the text was read already.
  headers.set("content-length", String(Buffer.byteLength(text)));
  headers.delete("transfer-encoding");
  const response = new OAuth2Server.Response();
  const server = new OAuth2Server({ model: tokenModel(db, checkGrant), ...OPTIONS });
  try {
    await server.token(libraryRequest("POST", headers, body), response);
  } catch (error) {
    if (!(error instanceof OAuth2Server.OAuthError)) throw error;
    // The library put the OAuth error in the response; a 503 "server_error" is its wrapping of an unexpected failure.
    if (error.name === "server_error") throw error;
  }
  return webResponse(response);
}

/**
 * Issues a code for a consented grant and answers where the browser goes: the registered
 * redirect URI with `code` and `state`. The request was checked by checkAuthorizeRequest.
 */
export async function issueCode(db: Db, headers: Headers, params: Record<string, string>, grant: GrantUser): Promise<string> {
  const response = new OAuth2Server.Response();
  const server = new OAuth2Server({ model: tokenModel(db), ...OPTIONS });
  await server.authorize(libraryRequest("GET", headers, {}, params), response, {
    ...OPTIONS,
    authenticateHandler: { handle: () => grant },
  });
  return String(response.get("location"));
}
