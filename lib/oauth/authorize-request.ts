/**
 * The checks of an authorization request (GET /oauth/authorize, the consent page, and the
 * consent form's POST all run them, so what the user approves is what was asked). Order
 * matters (RFC 6749 §4.1.2.1): an unknown client or an unregistered redirect URI is shown to
 * the user and never redirected to (no open redirect); every later problem goes back to the
 * client's registered redirect URI as `error=…`.
 */
import type { Db } from "../memory/db.ts";
import { assertStoreExists } from "../memory/stores/assert-store-exists.ts";
import { MemoryError } from "../memory/errors.ts";
import { findClient, type OAuthClientRecord } from "./clients.ts";
import { OAuthFailure } from "./oauth-errors.ts";
import { resourceStoreId } from "./resource.ts";

/** The query parameters of an authorization request (and the consent form's hidden fields). */
export const AUTHORIZE_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "code_challenge",
  "code_challenge_method",
  "state",
  "resource",
  "scope",
] as const;
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

export interface AuthorizeRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  params: AuthorizeParams;
  /** The store the client asked for (its `resource`), offered first on the consent page. */
  resourceStoreId: string | null;
}

/** Not to be redirected: shown to the user instead. */
export class UnsafeAuthorizeRequest extends OAuthFailure {}

/** A problem to send back to the client's redirect URI. */
export class RedirectableFailure extends OAuthFailure {
  constructor(
    failure: OAuthFailure,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(failure.error, failure.description);
  }

  location(): string {
    const url = new URL(this.redirectUri);
    url.searchParams.set("error", this.error);
    url.searchParams.set("error_description", this.description);
    if (this.state) url.searchParams.set("state", this.state);
    return url.toString();
  }
}

/** The parameters of a query string or form, each at most once (a repeated one is refused). */
export function authorizeParams(source: URLSearchParams): AuthorizeParams {
  const params: AuthorizeParams = {};
  for (const name of AUTHORIZE_PARAMS) {
    const values = source.getAll(name);
    if (values.length > 1) throw new UnsafeAuthorizeRequest("invalid_request", `${name}: given more than once.`);
    if (values.length === 1) params[name] = values[0];
  }
  return params;
}

export async function checkAuthorizeRequest(db: Db, headers: Headers, params: AuthorizeParams): Promise<AuthorizeRequest> {
  if (!params.client_id) throw new UnsafeAuthorizeRequest("invalid_request", "client_id: required.");
  const client = await findClient(db, params.client_id);
  if (!client) throw new UnsafeAuthorizeRequest("invalid_client", "client_id: no client is registered with this id (register at /oauth/register).");
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : undefined);
  if (!redirectUri) throw new UnsafeAuthorizeRequest("invalid_request", "redirect_uri: required, since the client registered several.");
  if (!client.redirectUris.includes(redirectUri)) throw new UnsafeAuthorizeRequest("invalid_request", "redirect_uri: not one this client registered.");

  const back = (error: string, description: string) => new RedirectableFailure(new OAuthFailure(error, description), redirectUri, params.state);
  if (params.response_type !== "code") throw back("unsupported_response_type", 'response_type: must be "code".');
  if (!params.code_challenge) throw back("invalid_request", "code_challenge: required (PKCE with S256).");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge)) throw back("invalid_request", "code_challenge: must be 43 to 128 base64url characters.");
  if (params.code_challenge_method !== "S256") throw back("invalid_request", 'code_challenge_method: must be "S256".');
  let storeId: string | null = null;
  if (params.resource !== undefined) {
    try {
      storeId = resourceStoreId(headers, params.resource);
      await assertStoreExists(db.sql, storeId);
    } catch (error) {
      if (error instanceof OAuthFailure) throw back(error.error, error.description);
      if (error instanceof MemoryError && error.code === "not_found") throw back("invalid_target", `resource: memory store ${storeId} does not exist.`);
      throw error;
    }
  }
  return { client, redirectUri, params: { ...params, redirect_uri: redirectUri }, resourceStoreId: storeId };
}
