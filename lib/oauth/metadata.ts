/**
 * RFC 8414 authorization server metadata. The issuer is this server's origin, which the
 * protected-resource metadata of every store's MCP endpoint names in `authorization_servers`.
 */
import type { OAuthMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { expectedOrigin } from "../http/session.ts";

export const AUTHORIZE_PATH = "/oauth/authorize";
const TOKEN_PATH = "/oauth/token";
const REGISTER_PATH = "/oauth/register";
const REVOKE_PATH = "/oauth/revoke";

export const issuer = (headers: Headers) => expectedOrigin(headers);

export function authorizationServerMetadata(headers: Headers): OAuthMetadata {
  const origin = issuer(headers);
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${AUTHORIZE_PATH}`,
    token_endpoint: `${origin}${TOKEN_PATH}`,
    registration_endpoint: `${origin}${REGISTER_PATH}`,
    revocation_endpoint: `${origin}${REVOKE_PATH}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    service_documentation: `${origin}/api-reference`,
  };
}
