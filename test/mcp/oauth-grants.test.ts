// OAuth grants on /mcp/{store}: tokens act as the grant's key (stores, read-only, attribution), the consent's role ceiling and CSRF checks, revocation and expiry
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { openServerDb } from "../memory-tool/database.ts";
import { allVersions, newStore } from "../memory-tool/helpers.ts";
import { callMcpTool, initializeBody, mcpClient, rawPost } from "./helpers.ts";
import {
  authorizeQuery,
  consentPage,
  continueLocation,
  expectOAuthError,
  grantTokens,
  pkcePair,
  registeredClient,
  signedInUser,
  submitConsent,
  tokenRequest,
} from "./oauth-helpers.ts";

let server: TestServer;
let storeId: string;
let otherStoreId: string;
let admin: { cookie: string; id: string };
const clients: Client[] = [];
beforeAll(async () => {
  server = await sharedServer();
  storeId = await newStore(server, "oauth grants");
  otherStoreId = await newStore(server, "oauth grants other");
  admin = await signedInUser(server, "admin");
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.stop();
});

async function connect(token: string, store = storeId) {
  const client = await mcpClient(server, store, { apiKey: token });
  clients.push(client);
  return client;
}

interface ListedKey {
  id: string;
  name: string;
  role: string;
  read_only: boolean;
  store_ids: string[] | null;
  prefix: string;
  oauth_client: { id: string; name: string; last_token_issued_at: string | null } | null;
}
async function grantKey(clientId: string): Promise<ListedKey> {
  const keys = (await (await server.api.send("listApiKeys")).json()) as { data: ListedKey[] };
  return keys.data.find((k) => k.oauth_client?.id === clientId)!;
}

async function expectChallenge(token: string) {
  const response = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: `Bearer ${token}` });
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toBe(
    `Bearer resource_metadata="${server.baseURL}/.well-known/oauth-protected-resource/mcp/${storeId}", error="invalid_token", error_description="The API key or access token is unknown, expired or revoked."`,
  );
}

describe("a read-write grant", () => {
  it("writes versions attributed to the grant, listed as an API key named after its client", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "write" }, "Claude Desktop");
    const key = await grantKey(tokens.clientId);
    expect(key).toMatchObject({ name: "Claude Desktop (OAuth)", role: "reviewer", read_only: false, store_ids: [storeId], prefix: "oauth" });
    expect(key.oauth_client).toEqual({ id: tokens.clientId, name: "Claude Desktop", last_token_issued_at: expect.any(String) });
    // When the client last got a token: just now.
    expect(Math.abs(Date.parse(key.oauth_client!.last_token_issued_at!) - Date.now())).toBeLessThan(5 * 60_000);

    const client = await connect(tokens.access_token);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("memory");
    const created = await callMcpTool(client, "memory", { command: "create", path: "/memories/oauth.md", file_text: "via oauth\n" });
    expect(created.is_error, created.content).toBe(false);
    const [version] = await allVersions(server, storeId);
    expect(version!.created_by).toEqual({ type: "api_actor", api_key_id: key.id });
  });

  it("reaches only the chosen stores", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "write" });
    const response = await rawPost(server, otherStoreId, initializeBody("2025-11-25"), { authorization: `Bearer ${tokens.access_token}` });
    expect(response.status).toBe(403);
  });

  it("is not an API key on /v1 (a token's audience is the MCP endpoint)", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "write" });
    const response = await fetch(`${server.baseURL}/v1/memory_stores/${storeId}`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, "anthropic-beta": "agent-memory-2026-07-22" },
    });
    expect(response.status).toBe(401);
  });
});

describe("a read-only grant", () => {
  it("offers view only and refuses writes, changing nothing", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "read" });
    expect(await grantKey(tokens.clientId)).toMatchObject({ role: "viewer", read_only: true });
    const client = await connect(tokens.access_token);
    const memory = (await client.listTools()).tools.find((t) => t.name === "memory")!;
    expect((memory.inputSchema.properties as Record<string, { enum?: string[] }>).command!.enum).toEqual(["view"]);
    const before = (await allVersions(server, storeId)).length;
    const refused = await callMcpTool(client, "memory", { command: "create", path: "/memories/ro.md", file_text: "no" });
    expect(refused.is_error).toBe(true);
    expect((await allVersions(server, storeId)).length).toBe(before);
  });
});

describe("ending a grant", () => {
  it("revoking it on the API keys page stops its access and refresh tokens", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "write" });
    await connect(tokens.access_token);
    const key = await grantKey(tokens.clientId);
    expect((await server.api.send("revokeApiKey", { params: { key: key.id } })).status).toBe(200);
    await expectChallenge(tokens.access_token);
    await expect(connect(tokens.access_token)).rejects.toBeInstanceOf(StreamableHTTPError);
    const refreshed = await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: tokens.clientId });
    await expectOAuthError(refreshed, 400, "invalid_grant");
  });

  it("an expired access token is refused with the challenge; refreshing gives a working one", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "read" });
    const db = await openServerDb(server);
    try {
      await db.sqlTransaction((tx) => tx.$executeRaw`UPDATE oauth_tokens SET expires_at = ${new Date(Date.now() - 1000)} WHERE kind = 'access'`);
    } finally {
      await db.close();
    }
    await expectChallenge(tokens.access_token);
    const refreshed = await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: tokens.clientId });
    expect(refreshed.status).toBe(200);
    await connect(((await refreshed.json()) as { access_token: string }).access_token);
  });

  it("POST /oauth/revoke drops one token", async () => {
    const tokens = await grantTokens(server, admin.cookie, { stores: [storeId], access: "read" });
    const response = await fetch(`${server.baseURL}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.access_token, client_id: tokens.clientId }),
    });
    expect(response.status).toBe(200);
    await expectChallenge(tokens.access_token);
  });
});

describe("the consent form", () => {
  it("lets a viewer grant read-only access and nothing more", async () => {
    const viewer = await signedInUser(server, "viewer");
    const query = authorizeQuery(await registeredClient(server, "Viewer client"), pkcePair().challenge);
    const page = await consentPage(server, viewer.cookie, query);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<input(?=[^>]*value="write")(?=[^>]*disabled)[^>]*>/);
    const refused = await submitConsent(server, viewer.cookie, query, { stores: [storeId], access: "write" });
    await expectOAuthError(refused, 403, "access_denied");
    const keys = (await (await server.api.send("listApiKeys")).json()) as { data: ListedKey[] };
    expect(keys.data.filter((k) => k.name === "Viewer client (OAuth)")).toEqual([]);
    const tokens = await grantTokens(server, viewer.cookie, { stores: [storeId], access: "read" }, "Viewer client 2");
    expect(await grantKey(tokens.clientId)).toMatchObject({ role: "viewer", read_only: true });
  });

  it("denying sends access_denied and the state back, and makes nothing", async () => {
    const query = authorizeQuery(await registeredClient(server), pkcePair().challenge);
    const response = await submitConsent(server, admin.cookie, query, { stores: [storeId], access: "write", decision: "deny" });
    const location = await continueLocation(response);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(await grantKey(query.get("client_id")!)).toBeUndefined();
  });

  it("refuses a POST without the form token, with another user's token, or from another origin", async () => {
    const clientId = await registeredClient(server);
    const query = authorizeQuery(clientId, pkcePair().challenge);
    const other = await signedInUser(server, "admin");
    const othersToken = (await consentPage(server, other.cookie, query)).formToken;
    expect(othersToken).toBeTruthy();
    await expectOAuthError(await submitConsent(server, admin.cookie, query, { stores: [storeId], access: "write", formToken: null }), 403, "access_denied");
    await expectOAuthError(
      await submitConsent(server, admin.cookie, query, { stores: [storeId], access: "write", formToken: othersToken }),
      403,
      "access_denied",
    );
    await expectOAuthError(
      await submitConsent(server, admin.cookie, query, { stores: [storeId], access: "write", origin: "https://evil.example" }),
      403,
      "access_denied",
    );
    expect(await grantKey(clientId)).toBeUndefined();
  });

  it("sends a visitor who is not signed in to sign in, and back", async () => {
    const query = authorizeQuery(await registeredClient(server), pkcePair().challenge);
    const response = await fetch(`${server.baseURL}/oauth/consent?${query}`, { redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    const location = new URL(response.headers.get("location")!, server.baseURL);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("callbackUrl")).toBe(`/oauth/consent?${query}`);
  });
});
