// POST /mcp/{memory_store_id} – who may connect (keys, roles, store lists, read-only), the 401 challenge, Host/Origin, methods, protocol versions
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { issueKey } from "../memory-tool/database.ts";
import { allVersions, callTool, newStore, storeContents, type ToolInput } from "../memory-tool/helpers.ts";
import { callMcpTool, expectMcpRefusal, initializeBody, mcpClient, postWithHost, rawPost } from "./helpers.ts";

let server: TestServer;
const clients: Client[] = [];
beforeAll(async () => {
  server = await sharedServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.stop();
});

async function connect(storeId: string, options: Parameters<typeof mcpClient>[2] = {}) {
  const client = await mcpClient(server, storeId, options);
  clients.push(client);
  return client;
}

const WRITES: ToolInput[] = [
  { command: "create", path: "/memories/new.md", file_text: "new" },
  { command: "str_replace", path: "/memories/dir/a.md", old_str: "alpha", new_str: "changed" },
  { command: "insert", path: "/memories/dir/a.md", insert_line: 0, insert_text: "changed" },
  { command: "delete", path: "/memories/dir/a.md" },
  { command: "rename", old_path: "/memories/dir", new_path: "/memories/moved" },
];

const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });

async function seededStore(name: string) {
  const storeId = await newStore(server, name);
  await callTool(server, storeId, { command: "create", path: "/memories/dir/a.md", file_text: "alpha\n" });
  return storeId;
}

describe("MCP access", () => {
  for (const [who, options] of [
    ["a read-only key", { role: "admin", readOnly: true }],
    ["a viewer key", { role: "viewer" }],
  ] as const) {
    it(`offers ${who} view only, refuses its writes with the endpoint's error and changes nothing`, async () => {
      const storeId = await seededStore(`mcp ${who}`);
      const key = await issueKey(server, options);
      const client = await connect(storeId, { apiKey: key });
      const memory = (await client.listTools()).tools.find((t) => t.name === "memory")!;
      expect(memory.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect((memory.inputSchema.properties as Record<string, { enum?: string[] }>).command!.enum).toEqual(["view"]);
      const before = await storeContents(server, storeId);
      const versions = (await allVersions(server, storeId)).length;
      for (const input of WRITES) {
        const viaMcp = await callMcpTool(client, "memory", input);
        expect(viaMcp.is_error, JSON.stringify(input)).toBe(true);
        expect(viaMcp).toEqual(await callTool(server, storeId, input, { apiKey: key }));
      }
      expect(await storeContents(server, storeId)).toEqual(before);
      expect((await allVersions(server, storeId)).length).toBe(versions);
      expect(await callMcpTool(client, "memory", { command: "view", path: "/memories/dir/a.md" })).toEqual({
        content: "Here's the content of /memories/dir/a.md with line numbers:\n     1\talpha\n     2\t",
        is_error: false,
      });
      expect((await callMcpTool(client, "memory_search", { query: "alpha" })).content).toContain("/memories/dir/a.md:1: alpha");
    });
  }

  it("lets a store-limited key reach its store only: 403 elsewhere, 404 for no store", async () => {
    const mine = await seededStore("mcp limited mine");
    const other = await seededStore("mcp limited other");
    const key = await issueKey(server, { role: "reviewer", storeIds: [mine] });
    const client = await connect(mine, { apiKey: key });
    expect((await callMcpTool(client, "memory", { command: "view", path: "/memories/dir/a.md" })).is_error).toBe(false);
    await expect(mcpClient(server, other, { apiKey: key })).rejects.toSatisfy((e) => e instanceof StreamableHTTPError && e.code === 403);
    const refused = await rawPost(server, other, initializeBody("2025-11-25"), { authorization: `Bearer ${key}` });
    const body = await expectMcpRefusal(refused, 403, "permission_error");
    expect(JSON.stringify(body)).toContain(`not allowed to access memory store ${other}`);
    await expectMcpRefusal(await rawPost(server, "memstore_01JAAAAAAAAAAAAAAAAAAAAAAA", initializeBody("2025-11-25")), 404, "not_found_error");
  });

  it("answers no or a wrong key with 401 and a challenge naming the protected-resource metadata, which it serves", async () => {
    const storeId = await newStore(server, "mcp challenge");
    const expected = `${server.baseURL}/.well-known/oauth-protected-resource/mcp/${storeId}`;
    const none = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: "" });
    expect(none.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${expected}"`);
    await expectMcpRefusal(none, 401, "authentication_error");
    const wrong = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: "Bearer not-a-key-0123456789" });
    expect(wrong.headers.get("www-authenticate")).toMatch(new RegExp(`^Bearer resource_metadata="${expected.replaceAll(".", "\\.")}", error="invalid_token"`));
    await expectMcpRefusal(wrong, 401, "authentication_error");
    await expect(mcpClient(server, storeId, { apiKey: "not-a-key-0123456789" })).rejects.toThrow();

    const metadata = await fetch(expected);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toEqual({
      resource: `${server.baseURL}/mcp/${storeId}`,
      authorization_servers: [server.baseURL],
      bearer_methods_supported: ["header"],
      resource_name: `Memory Console memory store ${storeId}`,
    });
  });

  it("takes the key as x-api-key too, as the /v1 API does", async () => {
    const storeId = await newStore(server, "mcp x-api-key");
    const res = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: "", "x-api-key": ADMIN_KEY });
    expect(res.status).toBe(200);
  });

  it("refuses a foreign Origin or Host with 403 (DNS rebinding) and takes its own and loopback", async () => {
    const storeId = await newStore(server, "mcp origin");
    const body = initializeBody("2025-11-25");
    for (const origin of ["http://evil.example", "null", "http://127.0.0.1.evil.example", "https://localhost.evil.example:3000"]) {
      await expectMcpRefusal(await rawPost(server, storeId, body, { origin }), 403, "permission_error");
    }
    for (const origin of [server.baseURL, "http://localhost:5173", "http://[::1]:8080"]) {
      expect((await rawPost(server, storeId, body, { origin })).status, origin).toBe(200);
    }
    const port = new URL(server.baseURL).port;
    const foreign = await postWithHost(server, `/mcp/${storeId}`, `evil.example:${port}`, body);
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text).error.type).toBe("permission_error");
    expect((await postWithHost(server, `/mcp/${storeId}`, `localhost:${port}`, body)).status).toBe(200);
  });

  it("refuses a malformed session header and a NUL in the store id with 400", async () => {
    const storeId = await newStore(server, "mcp bad input");
    for (const session of ["has space", "x".repeat(256)]) {
      await expectMcpRefusal(await rawPost(server, storeId, initializeBody("2025-11-25"), { "x-memory-session-id": session }), 400, "invalid_request_error");
    }
    await expectMcpRefusal(await rawPost(server, "memstore_%00", initializeBody("2025-11-25")), 400, "invalid_request_error");
  });

  it("words HTTP-level refusals as the /v1 envelope that is also a JSON-RPC error without an id", async () => {
    const storeId = await newStore(server, "mcp error bodies");
    const res = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: "" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      type: "error",
      error: { type: "authentication_error", message: expect.stringMatching(/^Missing credentials/), code: -32000 },
      request_id: expect.stringMatching(/^req_/),
      jsonrpc: "2.0",
      id: null,
    });
  });

  it("answers a CORS preflight from an allowed page, and lets it read the answers; a foreign page gets 403 and no CORS", async () => {
    const storeId = await newStore(server, "mcp cors");
    const page = "http://localhost:6274";
    const preflight = await fetch(`${server.baseURL}/mcp/${storeId}`, {
      method: "OPTIONS",
      headers: { origin: page, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(page);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("mcp-protocol-version");
    const answer = await rawPost(server, storeId, initializeBody("2025-11-25"), { origin: page });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe(page);
    const unauthenticated = await rawPost(server, storeId, initializeBody("2025-11-25"), { origin: page, authorization: "" });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("access-control-allow-origin")).toBe(page);
    expect(unauthenticated.headers.get("access-control-expose-headers")).toContain("www-authenticate");

    const foreign = await fetch(`${server.baseURL}/mcp/${storeId}`, {
      method: "OPTIONS",
      headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    const refused = await rawPost(server, storeId, initializeBody("2025-11-25"), { origin: "http://evil.example" });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers GET and DELETE with 405 (no event stream, no session)", async () => {
    const storeId = await newStore(server, "mcp methods");
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${server.baseURL}/mcp/${storeId}`, { method, headers: { authorization: `Bearer ${ADMIN_KEY}`, accept: "text/event-stream" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });

  it("negotiates 2025-06-18, 2025-11-25 and the older versions, and answers an unknown one with its newest", async () => {
    const storeId = await newStore(server, "mcp versions");
    for (const version of ["2025-11-25", "2025-06-18", "2025-03-26"]) {
      const res = await rawPost(server, storeId, initializeBody(version));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const answer = await res.json();
      expect(answer.result.protocolVersion).toBe(version);
      expect(answer.result.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
      expect(answer.result.serverInfo.name).toBe("memory-console");
      const list = await rawPost(server, storeId, TOOLS_LIST, { "mcp-protocol-version": version });
      expect((await list.json()).result.tools.length).toBe(3);
    }
    expect((await (await rawPost(server, storeId, initializeBody("1999-01-01"))).json()).result.protocolVersion).toBe("2025-11-25");
    expect((await rawPost(server, storeId, TOOLS_LIST, { "mcp-protocol-version": "1999-01-01" })).status).toBe(400);
  });

  it("refuses a body over MAX_REQUEST_BODY_BYTES with 413, and answers a notification with 202", async () => {
    const storeId = await newStore(server, "mcp limits");
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "memory", arguments: { command: "create", path: "/memories/x", file_text: "x".repeat(1_100_000) } },
    });
    const res = await rawPost(server, storeId, huge);
    expect(res.status).toBe(413);
    expect(await storeContents(server, storeId)).toEqual({});
    const note = await rawPost(server, storeId, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(note.status).toBe(202);
  });
});
