// The OAuth authorization server for MCP clients: metadata (RFC 8414, RFC 9728), registration (RFC 7591), the authorization request's checks, PKCE, codes, refresh rotation
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { newStore } from "../memory-tool/helpers.ts";
import {
  authorizeQuery,
  consentedCode,
  expectOAuthError,
  grantTokens,
  pkcePair,
  REDIRECT_URI,
  register,
  registeredClient,
  signedInUser,
  tokenRequest,
  type Tokens,
} from "./oauth-helpers.ts";

let server: TestServer;
let storeId: string;
let admin: { cookie: string };
beforeAll(async () => {
  server = await sharedServer();
  storeId = await newStore(server, "oauth endpoints");
  admin = await signedInUser(server, "admin");
});
afterAll(() => server.stop());

describe("metadata", () => {
  it("serves RFC 8414 metadata at the root and at the path-suffixed forms, named by each store's protected-resource metadata", async () => {
    const prm = OAuthProtectedResourceMetadataSchema.parse(await (await fetch(`${server.baseURL}/.well-known/oauth-protected-resource/mcp/${storeId}`)).json());
    expect(prm.authorization_servers).toEqual([server.baseURL]);
    for (const path of ["/.well-known/oauth-authorization-server", `/.well-known/oauth-authorization-server/mcp/${storeId}`]) {
      const response = await fetch(`${server.baseURL}${path}`);
      expect(response.status, path).toBe(200);
      const metadata = OAuthMetadataSchema.parse(await response.json());
      expect(metadata).toMatchObject({
        issuer: server.baseURL,
        authorization_endpoint: `${server.baseURL}/oauth/authorize`,
        token_endpoint: `${server.baseURL}/oauth/token`,
        registration_endpoint: `${server.baseURL}/oauth/register`,
        code_challenge_methods_supported: ["S256"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        token_endpoint_auth_methods_supported: ["none"],
      });
    }
  });
});

describe("POST /oauth/register", () => {
  it("registers a public client and answers its information", async () => {
    const response = await register(server, {
      client_name: "Claude Desktop",
      redirect_uris: ["https://claude.ai/api/mcp/auth_callback", "http://localhost:6274/cb"],
    });
    expect(response.status).toBe(201);
    const info = (await response.json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      client_id: expect.stringMatching(/^mcc_/),
      client_name: "Claude Desktop",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      redirect_uris: ["https://claude.ai/api/mcp/auth_callback", "http://localhost:6274/cb"],
    });
    expect(info).not.toHaveProperty("client_secret");
  });

  for (const [what, metadata, error] of [
    ["an http redirect URI off loopback", { redirect_uris: ["http://example.com/cb"] }, "invalid_redirect_uri"],
    ["a javascript: redirect URI", { redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
    ["a redirect URI with a fragment", { redirect_uris: ["https://example.com/cb#x"] }, "invalid_redirect_uri"],
    ["no redirect URI", { redirect_uris: [] }, "invalid_redirect_uri"],
    ["a confidential client", { token_endpoint_auth_method: "client_secret_basic" }, "invalid_client_metadata"],
    ["the implicit grant", { grant_types: ["implicit"] }, "invalid_client_metadata"],
    ["a client name that is not a string", { client_name: 7 }, "invalid_client_metadata"],
  ] as const) {
    it(`refuses ${what} with ${error}`, async () => {
      await expectOAuthError(await register(server, metadata), 400, error);
    });
  }

  it("refuses a body that is not JSON", async () => {
    const response = await fetch(`${server.baseURL}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    await expectOAuthError(response, 400, "invalid_client_metadata");
  });
});

describe("GET /oauth/authorize", () => {
  const authorize = (query: URLSearchParams) => fetch(`${server.baseURL}/oauth/authorize?${query}`, { redirect: "manual" });

  it("sends a valid request on to the consent page", async () => {
    const query = authorizeQuery(await registeredClient(server), pkcePair().challenge, { resource: `${server.baseURL}/mcp/${storeId}` });
    const response = await authorize(query);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${server.baseURL}/oauth/consent?${query}`);
  });

  it("never redirects for an unknown client or an unregistered redirect URI", async () => {
    const clientId = await registeredClient(server);
    for (const query of [
      authorizeQuery("mcc_unknown", pkcePair().challenge),
      authorizeQuery(clientId, pkcePair().challenge, { redirect_uri: "https://evil.example/cb" }),
    ]) {
      const response = await authorize(query);
      expect(response.headers.get("location")).toBeNull();
      expect(response.status).toBe(400);
    }
  });

  for (const [what, change, error] of [
    ["no code_challenge (PKCE is required)", { code_challenge: "" }, "invalid_request"],
    ["the plain PKCE method", { code_challenge_method: "plain" }, "invalid_request"],
    ["a response type other than code", { response_type: "token" }, "unsupported_response_type"],
    ["a resource that is not a store's MCP endpoint", { resource: "https://elsewhere.example/mcp/x" }, "invalid_target"],
    ["a resource naming a store that does not exist", { resource: "STORE/mcp/memstore_missing" }, "invalid_target"],
  ] as const) {
    it(`sends ${what} back to the redirect URI as ${error}, with the state`, async () => {
      const query = authorizeQuery(await registeredClient(server), pkcePair().challenge);
      for (const [name, value] of Object.entries(change)) {
        if (value === "") query.delete(name);
        else query.set(name, value.replace("STORE", server.baseURL));
      }
      const response = await authorize(query);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get("error")).toBe(error);
      expect(location.searchParams.get("state")).toBe("state-123");
    });
  }
});

describe("POST /oauth/token", () => {
  async function freshCode() {
    const clientId = await registeredClient(server);
    const pkce = pkcePair();
    const code = await consentedCode(server, admin.cookie, authorizeQuery(clientId, pkce.challenge), { stores: [storeId], access: "write" });
    return { clientId, code, ...pkce };
  }
  const exchange = (c: { clientId: string; code: string }, verifier: string | undefined) =>
    tokenRequest(server, {
      grant_type: "authorization_code",
      code: c.code,
      client_id: c.clientId,
      redirect_uri: REDIRECT_URI,
      ...(verifier === undefined ? {} : { code_verifier: verifier }),
    });

  it("exchanges a code and its verifier for a short-lived access token and a refresh token", async () => {
    const c = await freshCode();
    const response = await exchange(c, c.verifier);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const tokens = (await response.json()) as Tokens;
    // One hour, counted from when the library made it (a second may have passed since).
    expect(tokens.expires_in).toBeGreaterThan(3590);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens).toMatchObject({
      token_type: "Bearer",
      access_token: expect.stringMatching(/^mcat_/),
      refresh_token: expect.stringMatching(/^mcrt_/),
    });
  });

  it("requires the PKCE verifier and checks it; a failed attempt uses the code up", async () => {
    const c = await freshCode();
    await expectOAuthError(await exchange(c, undefined), 400, "invalid_grant");
    const d = await freshCode();
    await expectOAuthError(await exchange(d, pkcePair().verifier), 400, "invalid_grant");
    await expectOAuthError(await exchange(d, d.verifier), 400, "invalid_grant");
  });

  it("takes a code once", async () => {
    const c = await freshCode();
    expect((await exchange(c, c.verifier)).status).toBe(200);
    await expectOAuthError(await exchange(c, c.verifier), 400, "invalid_grant");
  });

  it("takes a code only from its own client and with its redirect URI", async () => {
    const c = await freshCode();
    const other = await registeredClient(server);
    await expectOAuthError(await exchange({ ...c, clientId: other }, c.verifier), 400, "invalid_grant");
    const d = await freshCode();
    const wrongRedirect = await tokenRequest(server, {
      grant_type: "authorization_code",
      code: d.code,
      client_id: d.clientId,
      redirect_uri: "http://127.0.0.1:9/other",
      code_verifier: d.verifier,
    });
    await expectOAuthError(wrongRedirect, 400, "invalid_request");
  });

  it("rotates refresh tokens: each new one works, a used one never again", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "read" });
    const refresh = (token: string) => tokenRequest(server, { grant_type: "refresh_token", refresh_token: token, client_id: tokens.clientId });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as Tokens;
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.access_token).not.toBe(tokens.access_token);
    const second = await refresh(rotated.refresh_token);
    expect(second.status).toBe(200);
    expect(((await second.json()) as Tokens).refresh_token).not.toBe(rotated.refresh_token);
    await expectOAuthError(await refresh(tokens.refresh_token), 400, "invalid_grant");
  });

  it("ends every token of the grant when a rotated-out refresh token comes back", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "read" });
    const refresh = (token: string) => tokenRequest(server, { grant_type: "refresh_token", refresh_token: token, client_id: tokens.clientId });
    const rotated = (await (await refresh(tokens.refresh_token)).json()) as Tokens;
    await expectOAuthError(await refresh(tokens.refresh_token), 400, "invalid_grant");
    await expectOAuthError(await refresh(rotated.refresh_token), 400, "invalid_grant");
    const mcp = await fetch(`${server.baseURL}/mcp/${storeId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${rotated.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(mcp.status).toBe(401);
  });

  it("checks the resource indicator against the grant's stores", async () => {
    const other = await newStore(server, "oauth other store");
    const c = await freshCode();
    const response = await tokenRequest(server, {
      grant_type: "authorization_code",
      code: c.code,
      client_id: c.clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: c.verifier,
      resource: `${server.baseURL}/mcp/${other}`,
    });
    await expectOAuthError(response, 400, "invalid_target");
    const d = await freshCode();
    const ok = await tokenRequest(server, {
      grant_type: "authorization_code",
      code: d.code,
      client_id: d.clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: d.verifier,
      resource: `${server.baseURL}/mcp/${storeId}`,
    });
    expect(ok.status).toBe(200);
  });

  it("refuses other grant types and a missing client id in OAuth's format", async () => {
    const clientId = await registeredClient(server);
    for (const fields of <Record<string, string>[]>[
      { grant_type: "password", client_id: clientId, username: "a", password: "b" },
      { grant_type: "client_credentials", client_id: clientId },
      { grant_type: "authorization_code", code: "x" },
    ]) {
      const response = await tokenRequest(server, fields);
      const body = (await response.json()) as { error: string; error_description: string };
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(["invalid_request", "invalid_client", "unauthorized_client", "unsupported_grant_type"]).toContain(body.error);
      expect(typeof body.error_description).toBe("string");
    }
  });
});
