/**
 * Errors of the OAuth endpoints in OAuth's own format (RFC 6749 §5.2, RFC 7591 §3.2.2):
 * `{error, error_description}`, never the /v1 envelope, since OAuth clients parse this one.
 */
import { OAuthError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { MemoryError, type MemoryErrorCode } from "../memory/errors.ts";
import { logger } from "../observability/logger.ts";

/** An OAuth error and the status it is answered with. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

/** CORS for the OAuth endpoints: they take no cookies, so any page (MCP Inspector, a web client) may call them. */
export const OAUTH_CORS = { "access-control-allow-origin": "*", "access-control-expose-headers": "www-authenticate" };

/** Domain refusals (a bad consent form, a too-large body, the database busy) in OAuth's words. */
const FROM_DOMAIN: Partial<Record<MemoryErrorCode, { error: string; status: number }>> = {
  invalid_request: { error: "invalid_request", status: 400 },
  request_too_large: { error: "invalid_request", status: 413 },
  permission: { error: "access_denied", status: 403 },
  not_found: { error: "invalid_request", status: 404 },
  overloaded: { error: "temporarily_unavailable", status: 503 },
};

function failureOf(error: unknown): OAuthFailure {
  if (error instanceof OAuthFailure) return error;
  if (error instanceof OAuthError) return new OAuthFailure(error.errorCode, error.message);
  const domain = error instanceof MemoryError ? FROM_DOMAIN[error.code] : undefined;
  if (domain) return new OAuthFailure(domain.error, (error as MemoryError).message, domain.status);
  return new OAuthFailure("server_error", "The authorization server failed; the server log has the cause.", 500);
}

export function oauthErrorResponse(error: unknown): Response {
  const failure = failureOf(error);
  if (failure.status === 500) logger().error({ err: error }, "oauth endpoint failed");
  return Response.json(
    { error: failure.error, error_description: failure.description },
    { status: failure.status, headers: { "cache-control": "no-store", ...OAUTH_CORS } },
  );
}

/** The answer to a CORS preflight of an OAuth endpoint. */
export function oauthPreflight(methods: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...OAUTH_CORS,
      "access-control-allow-methods": `${methods}, OPTIONS`,
      "access-control-allow-headers": "authorization, content-type, mcp-protocol-version",
      "access-control-max-age": "600",
    },
  });
}
