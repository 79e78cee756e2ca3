import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Role } from "../../lib/auth/roles.ts";
import type { TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";

/** The OAuth steps an MCP client takes, done by hand over HTTP against a real server, and the consent form as a browser sends it. */
export const REDIRECT_URI = "http://127.0.0.1:9/callback";

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function register(server: TestServer, metadata: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${server.baseURL}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test client", redirect_uris: [REDIRECT_URI], ...metadata }),
  });
}

export async function registeredClient(server: TestServer, name = "Test client"): Promise<string> {
  const response = await register(server, { client_name: name });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

let users = 0;
/** A console user of this role, signed in: the session cookie. */
export async function signedInUser(server: TestServer, role: Role): Promise<{ cookie: string; id: string }> {
  const email = `oauth-${role}-${++users}-${Date.now()}@example.com`;
  const password = "oauth user password 1";
  const created = await server.api.send("createUser", { body: { email, password, role } });
  expect(created.status).toBe(200);
  const { cookie } = await signInForCookie(server.baseURL, email, password);
  return { cookie: cookie!, id: ((await created.json()) as { id: string }).id };
}

export function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-123",
    ...extra,
  });
}

/** The consent page as the signed-in user sees it: the HTML, and the form token in it. */
export async function consentPage(server: TestServer, cookie: string, query: URLSearchParams) {
  const response = await fetch(`${server.baseURL}/oauth/consent?${query}`, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  return { status: response.status, html, formToken: /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? null };
}

export interface ConsentChoice {
  stores: string[];
  access: "read" | "write";
  decision?: "allow" | "deny";
  formToken?: string | null;
  origin?: string;
}

/** The consent form's POST (what the page's Allow or Deny button sends). */
export async function submitConsent(server: TestServer, cookie: string, query: URLSearchParams, choice: ConsentChoice): Promise<Response> {
  const formToken = choice.formToken === undefined ? (await consentPage(server, cookie, query)).formToken : choice.formToken;
  const form = new URLSearchParams(query);
  if (formToken !== null) form.set("form_token", formToken);
  for (const id of choice.stores) form.append("store_ids", id);
  form.set("access", choice.access);
  form.set("decision", choice.decision ?? "allow");
  return fetch(`${server.baseURL}/oauth/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: choice.origin ?? server.baseURL, "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
}

/** Where the consent form's answer sends the browser: the continue page's meta refresh (the CSP's form-action stops a cross-origin redirect). */
export async function continueLocation(response: Response): Promise<URL> {
  const html = await response.text();
  expect(response.status, html).toBe(200);
  const url = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1];
  expect(url, html).toBeDefined();
  return new URL(url!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
}

/** Consent, then the code from the redirect (its state checked). */
export async function consentedCode(server: TestServer, cookie: string, query: URLSearchParams, choice: ConsentChoice): Promise<string> {
  const response = await submitConsent(server, cookie, query, choice);
  const location = await continueLocation(response);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get("state")).toBe(query.get("state"));
  return location.searchParams.get("code")!;
}

export function tokenRequest(server: TestServer, fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.baseURL}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

/** A grant made by this user for these stores, its tokens and the client. */
export async function grantTokens(
  server: TestServer,
  cookie: string,
  choice: ConsentChoice,
  clientName = "Test client",
): Promise<Tokens & { clientId: string }> {
  const clientId = await registeredClient(server, clientName);
  const { verifier, challenge } = pkcePair();
  const code = await consentedCode(server, cookie, authorizeQuery(clientId, challenge), choice);
  const response = await tokenRequest(server, {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...((await response.json()) as Tokens), clientId };
}

export async function expectOAuthError(response: Response, status: number, error: string) {
  const body = (await response.json()) as { error: string; error_description: string };
  expect({ status: response.status, error: body.error }, JSON.stringify(body)).toEqual({ status, error });
  expect(typeof body.error_description).toBe("string");
}
