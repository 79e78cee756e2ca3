/**
 * How an MCP client learns to authenticate (MCP authorization spec, RFC 9728 and RFC 6750): a
 * request without a valid key is answered 401 with `WWW-Authenticate: Bearer resource_metadata=…`
 * naming this store's protected-resource metadata document, served at
 * `/.well-known/oauth-protected-resource/mcp/{store}`. The bearer token is an API key of this
 * server (the console's API keys page makes one) or an access token of an OAuth grant; the
 * document names this server as the authorization server (lib/oauth), so a client that signs
 * in by URL registers, sends the user to consent, and gets tokens there.
 */
import { expectedOrigin } from "../http/session.ts";

export const MCP_PATH = "/mcp";
const METADATA_PATH = "/.well-known/oauth-protected-resource";

/** The MCP endpoint of a store, as the client reached this server. */
export function resourceUrl(headers: Headers, storeId: string): string {
  return `${expectedOrigin(headers)}${MCP_PATH}/${encodeURIComponent(storeId)}`;
}

export function metadataUrl(headers: Headers, storeId: string): string {
  return `${expectedOrigin(headers)}${METADATA_PATH}${MCP_PATH}/${encodeURIComponent(storeId)}`;
}

/** The RFC 9728 document of one store's endpoint. */
export function protectedResourceMetadata(headers: Headers, storeId: string) {
  return {
    resource: resourceUrl(headers, storeId),
    authorization_servers: [expectedOrigin(headers)],
    bearer_methods_supported: ["header"],
    resource_name: `Memory Console memory store ${storeId}`,
  };
}

/** The challenge of a 401: where the metadata is, and `invalid_token` when a key was sent but is not valid. */
export function bearerChallenge(headers: Headers, storeId: string, keyPresented: boolean): string {
  const error = keyPresented ? `, error="invalid_token", error_description="The API key or access token is unknown, expired or revoked."` : "";
  return `Bearer resource_metadata="${metadataUrl(headers, storeId)}"${error}`;
}
