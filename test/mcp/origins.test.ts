// POST /mcp/{memory_store_id} – the allowed Origin and Host set follows NEXTAUTH_URL and MCP_ALLOWED_ORIGINS
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";
import { newStore } from "../memory-tool/helpers.ts";
import { callMcpTool, initializeBody, mcpClient, postWithHost, rawPost } from "./helpers.ts";

let server: TestServer;
const METRICS_TOKEN = "mcp-metrics-token-0123456789";
beforeAll(async () => {
  server = await startServer({
    env: {
      NEXTAUTH_URL: "https://console.example.com",
      MCP_ALLOWED_ORIGINS: "https://agents.example.com, http://10.0.0.5:8080",
      METRICS_TOKEN,
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("MCP allowed origins", () => {
  it("takes NEXTAUTH_URL's origin and each listed origin, as Origin and as Host, and nothing else", async () => {
    const storeId = await newStore(server, "mcp allowed origins");
    const body = initializeBody("2025-11-25");
    for (const origin of ["https://console.example.com", "https://agents.example.com", "http://10.0.0.5:8080", "http://localhost:3000"]) {
      expect((await rawPost(server, storeId, body, { origin })).status, origin).toBe(200);
    }
    for (const origin of ["https://other.example.com", "http://agents.example.com", "https://agents.example.com:8443", "http://10.0.0.5"]) {
      expect((await rawPost(server, storeId, body, { origin })).status, origin).toBe(403);
    }
    for (const host of ["console.example.com", "agents.example.com", "10.0.0.5:8080"]) {
      expect((await postWithHost(server, `/mcp/${storeId}`, host, body)).status, host).toBe(200);
    }
    for (const host of ["other.example.com", "agents.example.com.evil.example", "10.0.0.5"]) {
      expect((await postWithHost(server, `/mcp/${storeId}`, host, body)).status, host).toBe(403);
    }
  });

  it("names the metadata document at NEXTAUTH_URL in the challenge, and the resource there", async () => {
    const storeId = await newStore(server, "mcp challenge at public url");
    const res = await rawPost(server, storeId, initializeBody("2025-11-25"), { authorization: "" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="https://console.example.com/.well-known/oauth-protected-resource/mcp/${storeId}"`,
    );
    const metadata = await (await fetch(`${server.baseURL}/.well-known/oauth-protected-resource/mcp/${storeId}`)).json();
    expect(metadata.resource).toBe(`https://console.example.com/mcp/${storeId}`);
  });

  it("counts and times MCP tool calls per tool in /metrics", async () => {
    const storeId = await newStore(server, "mcp metrics");
    const client = await mcpClient(server, storeId);
    try {
      await callMcpTool(client, "memory", { command: "create", path: "/memories/a.md", file_text: "alpha" });
      await callMcpTool(client, "memory", { command: "view", path: "/memories/missing.md" });
      await callMcpTool(client, "memory_search", { query: "alpha" });
    } finally {
      await client.close();
    }
    const text = await (await fetch(`${server.baseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const count = (labels: string) =>
      Number(new RegExp(`^memory_console_mcp_tool_call_duration_seconds_count\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    expect(count('tool="memory",is_error="false"')).toBe(1);
    expect(count('tool="memory",is_error="true"')).toBe(1);
    expect(count('tool="memory_search",is_error="false"')).toBe(1);
    expect(text).toMatch(/memory_console_http_request_duration_seconds_count\{route="\/mcp\/\{memory_store_id\}",method="POST",status="200"\} \d+/);
  });
});
