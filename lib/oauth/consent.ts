/**
 * The consent step: a signed-in console user chooses which stores an MCP client may reach and
 * whether it may write, never more than the user's own role (a viewer may only grant read).
 * Allowing makes the grant, an API key row of the client (lib/auth/api-keys.ts, named
 * "<client name> (OAuth)"), and a code for it; denying sends `error=access_denied` back.
 *
 * CSRF: the form's POST is a console session's (next-auth cookie, SameSite=Lax), and it must
 * come from this origin (sessionPrincipal checks Origin for every non-GET) and carry a form
 * token: an HMAC, under the server's auth secret, of the user, the authorization request it
 * was shown for and when, valid for the code lifetime. A page of another site can neither
 * read the token nor make one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createApiKey } from "../auth/api-keys.ts";
import { can, type Principal } from "../auth/principal.ts";
import { authSecret } from "../auth/secret.ts";
import type { Db } from "../memory/db.ts";
import { invalidRequest, permissionDenied } from "../memory/errors.ts";
import { getDb } from "../db/instance.ts";
import { type AuthorizeParams, type AuthorizeRequest, checkAuthorizeRequest, RedirectableFailure } from "./authorize-request.ts";
import { CODE_SECONDS } from "./lifetimes.ts";
import { consentGrantor, consentWorkspaces } from "./consent-stores.ts";
import { OAuthFailure } from "./oauth-errors.ts";
import { issueCode } from "./oauth-server.ts";

/** How many stores the consent page offers (newest first); more are reached by an API key. */
const CONSENT_STORES = 500;
const MAX_GRANT_NAME = 100;

type UserPrincipal = Extract<Principal, { kind: "user" }>;

async function mac(db: Db, userId: string, params: AuthorizeParams, issuedAt: number): Promise<string> {
  const signed = JSON.stringify([userId, issuedAt, params.client_id, params.redirect_uri, params.code_challenge, params.state ?? "", params.resource ?? ""]);
  return createHmac("sha256", await authSecret(db))
    .update(`oauth-consent\n${signed}`)
    .digest("base64url");
}

export async function consentFormToken(db: Db, userId: string, params: AuthorizeParams): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return `${issuedAt}.${await mac(db, userId, params, issuedAt)}`;
}

async function assertFormToken(db: Db, userId: string, params: AuthorizeParams, token: string | null) {
  const [issued, given] = (token ?? "").split(".");
  const issuedAt = Number(issued);
  const fresh = Number.isInteger(issuedAt) && Date.now() / 1000 - issuedAt <= CODE_SECONDS;
  const expected = fresh ? Buffer.from(await mac(db, userId, params, issuedAt)) : null;
  const presented = Buffer.from(given ?? "");
  if (!expected || expected.length !== presented.length || !timingSafeEqual(expected, presented)) {
    throw permissionDenied("The consent form has expired or was not made for you: start the connection again from the client.");
  }
}

/** What the consent page shows: the stores to choose from and whether read-write may be offered. */
/**
 * What the consent page shows for an authorization request: the request checked (an
 * OAuthFailure when it cannot be used), then the choices it offers the user. The page calls
 * this rather than opening the database itself.
 */
export async function consentForRequest(headers: Headers, params: AuthorizeParams, user: UserPrincipal) {
  const db = await getDb();
  const checked = await checkAuthorizeRequest(db, headers, params);
  return { params: checked.params, choices: await consentChoices(db, user, checked) };
}

async function consentChoices(db: Db, user: UserPrincipal, request: AuthorizeRequest) {
  const workspaces = await consentWorkspaces(db, user, CONSENT_STORES);
  return {
    clientName: request.client.name,
    redirectOrigin: new URL(request.redirectUri).origin,
    /** The stores on offer, by workspace (a grant is a key of one of them). */
    workspaces,
    stores: workspaces.flatMap((w) => w.stores),
    preselected: request.resourceStoreId,
    canWrite: workspaces.some((w) => w.canWrite),
    formToken: await consentFormToken(db, user.userId, request.params),
  };
}

/**
 * The consent form's answer: where the browser goes next (the client's redirect URI with a
 * code, or with error=access_denied). Throws permission for a bad form token or a choice above
 * the user's role, invalid_request for a choice that names no store; nothing is made then.
 */
export async function decideConsent(db: Db, headers: Headers, user: UserPrincipal, request: AuthorizeRequest, form: URLSearchParams): Promise<string> {
  await assertFormToken(db, user.userId, request.params, form.get("form_token"));
  if (form.get("decision") !== "allow") {
    return new RedirectableFailure(new OAuthFailure("access_denied", "The user denied the request."), request.redirectUri, request.params.state).location();
  }
  const storeIds = [...new Set(form.getAll("store_ids"))];
  if (storeIds.length === 0) throw invalidRequest("store_ids: choose at least one memory store.");
  const access = form.get("access");
  if (access !== "read" && access !== "write") throw invalidRequest('access: must be "read" or "write".');
  // The grant is a key of the chosen stores' workspace, made with the user's power there.
  const grantor = await consentGrantor(db, user, storeIds);
  if (access === "write" && !can(grantor, "write")) throw permissionDenied(`Your role (${grantor.role}) may only grant read-only access.`);
  const name = `${request.client.name} (OAuth)`.slice(0, MAX_GRANT_NAME);
  // Store-limited keys are reviewers or viewers (lib/auth/api-keys.ts); createApiKey refuses more than the user holds.
  const { key } = await createApiKey(
    db,
    { name, role: access === "write" ? "reviewer" : "viewer", storeIds, readOnly: access === "read" },
    grantor,
    request.client.id,
  );
  const params = Object.fromEntries(Object.entries(request.params).filter((e): e is [string, string] => e[1] !== undefined));
  return issueCode(db, headers, params, { apiKeyId: key.id });
}
