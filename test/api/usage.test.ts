import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callOk, sendUnchecked } from "../helpers/operations.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { callMcpTool, mcpClient } from "../mcp/helpers.ts";

// GET /v1/usage (extension, issue 43): the request's workspace's usage, from the counters the
// write path keeps. A workspace of this file's own, written to through the official SDK, the
// memory tool endpoint and MCP with a key of that workspace; answers are checked against the
// OpenAPI document.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
let workspaceId: string;
let adminKey: string;
let viewerKey: string;

type Usage = {
  workspace_id: string;
  days: number;
  counted_since: string | null;
  totals: { stores: number; memories: number; content_bytes: number; versions_written: number };
  daily: { day: string; memories: number | null; writes: number; writes_by_channel: Record<string, number>; stores_created: number }[];
  largest_stores: { memory_store_id: string; memory_count: number }[];
  fastest_growing_stores: { memory_store_id: string; memories_added_30d: number }[];
  near_limit_stores: { memory_store_id: string; forecast_full_in_days: number | null }[];
};

/** GET /v1/usage with a key (this file's workspace admin's unless told), its query as sent: the refusals are tested too. */
const usage = async (query: Record<string, string> = {}, key = adminKey) => {
  const response = await sendUnchecked(server.apiWith(key), "retrieveUsage", { query });
  return { status: response.status, body: (await response.json()) as Usage & { type: string; error?: { type: string; message: string } } };
};

async function newKey(role: string): Promise<string> {
  const inWorkspace = server.apiWithHeaders({ "x-api-key": ADMIN_KEY, "anthropic-workspace-id": workspaceId });
  return (await callOk(inWorkspace, "createApiKey", { body: { name: `usage ${role} ${tag}`, role } })).secret;
}

beforeAll(async () => {
  server = await sharedServer();
  workspaceId = (await server.client.beta.organization.workspaces.create({ name: `usage ${tag}` })).id;
  adminKey = await newKey("admin");
  viewerKey = await newKey("viewer");
}, 60_000);

describe(`GET /v1/usage on ${ENGINE}`, () => {
  it("answers the workspace's totals, today's writes by channel and its stores, and nothing of another workspace", async () => {
    const stores = server.clientWith(adminKey).beta.memoryStores;
    const big = await stores.create({ name: `big ${tag}` });
    const small = await stores.create({ name: `small ${tag}` });
    const elsewhere = await server.client.beta.memoryStores.create({ name: `default workspace ${tag}` });
    await server.client.beta.memoryStores.memories.create(elsewhere.id, { path: "/elsewhere.md", content: "not this workspace's" });
    const a = await stores.memories.create(big.id, { path: "/a.md", content: "a".repeat(300) });
    await stores.memories.create(big.id, { path: "/b.md", content: "b".repeat(200) });
    await stores.memories.update(a.id, { memory_store_id: big.id, content: "shorter" });
    const gone = await stores.memories.create(small.id, { path: "/gone.md", content: "soon gone" });
    await stores.memories.delete(gone.id, { memory_store_id: small.id });
    const tool = await server.fetch(`/v1/memory_stores/${small.id}/memory_tool`, {
      method: "POST",
      headers: { "x-api-key": adminKey, "content-type": "application/json" },
      body: JSON.stringify({ command: "create", path: "/memories/tool.md", file_text: "from the memory tool" }),
    });
    expect(((await tool.json()) as { is_error: boolean }).is_error).toBe(false);
    const mcp = await mcpClient(server, small.id, { apiKey: adminKey });
    try {
      expect((await callMcpTool(mcp, "memory", { command: "create", path: "/memories/mcp.md", file_text: "over MCP" })).is_error).toBe(false);
    } finally {
      await mcp.close();
    }

    const { status, body } = await usage();
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: "usage", workspace_id: workspaceId, days: 90, memory_limit: 10_000, min_fill_percent: 80 });
    expect(body.totals).toEqual({ stores: 2, archived_stores: 0, memories: 4, content_bytes: 7 + 200 + 20 + 8, versions_written: 7 });
    expect(body.daily).toHaveLength(90);
    const today = body.daily.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.writes_by_channel).toEqual({ api: 5, memory_tool: 1, mcp: 1, console: 0, import: 0, system: 0, unknown: 0 });
    expect(today).toMatchObject({ writes: 7, memories: 4, stores_created: 2 });
    expect(body.largest_stores.map((s) => s.memory_store_id)).toEqual([big.id, small.id]);
    expect(body.fastest_growing_stores.map((s) => [s.memory_store_id, s.memories_added_30d])).toEqual([
      [big.id, 2],
      [small.id, 2],
    ]);
    expect(body.near_limit_stores).toEqual([]);
    const nearly = await usage({ days: "7", min_fill_percent: "1" });
    expect(nearly.body.daily).toHaveLength(7);
    expect(nearly.body.near_limit_stores).toEqual([]); // 2 memories of 10,000 is under 1 %
    expect(JSON.stringify(body)).not.toContain(elsewhere.id);

    // The Default workspace's answer does not name this one's stores.
    const text = JSON.stringify(await callOk(server.api, "retrieveUsage", { query: { days: 1 } }));
    for (const id of [big.id, small.id]) expect(text).not.toContain(id);
  });

  it("refuses bad parameters with the error envelope, and callers below reviewer", async () => {
    const bad: Record<string, string>[] = [
      { days: "0" },
      { days: "367" },
      { days: "abc" },
      { days: "1.5" },
      { min_fill_percent: "0" },
      { min_fill_percent: "101" },
    ];
    for (const query of bad) {
      const { status, body } = await usage(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    }
    expect((await usage({ days: "366" })).status).toBe(200);
    const viewer = await usage({}, viewerKey);
    expect(viewer.status).toBe(403);
    expect(viewer.body.error?.type).toBe("permission_error");
    expect((await usage({}, "not-a-key")).status).toBe(401);
  });
});
