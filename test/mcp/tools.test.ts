// POST /mcp/{memory_store_id} – the memory, memory_search and memory_history tools through the official MCP SDK client
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyIdOf } from "../helpers/api.ts";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { allVersions, callTool, newStore, storeContents, type ToolInput } from "../memory-tool/helpers.ts";
import { issueKey } from "../memory-tool/database.ts";
import { callMcpTool, mcpClient } from "./helpers.ts";

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

/** Every command of the memory tool, right and wrong, in an order where each depends on the ones before. */
const SEQUENCE: ToolInput[] = [
  { command: "view", path: "/memories" },
  { command: "create", path: "/memories/notes.md", file_text: "alpha\nbeta\ngamma\n" },
  { command: "create", path: "/memories/projects/acme/plan.md", file_text: "# Plan\n- call Ana\n" },
  { command: "view", path: "/memories" },
  { command: "view", path: "/memories/notes.md" },
  { command: "view", path: "/memories/notes.md", view_range: [2, 3] },
  { command: "view", path: "/memories/notes.md", view_range: [9, 12] },
  { command: "str_replace", path: "/memories/notes.md", old_str: "beta", new_str: "BETA" },
  { command: "str_replace", path: "/memories/notes.md", old_str: "missing", new_str: "x" },
  { command: "str_replace", path: "/memories/notes.md", old_str: "a" },
  { command: "insert", path: "/memories/notes.md", insert_line: 1, insert_text: "inserted" },
  { command: "insert", path: "/memories/notes.md", insert_line: 99, insert_text: "too far" },
  { command: "insert", path: "/memories/notes.md", insert_line: "3", insert_text: "a string line" },
  { command: "rename", old_path: "/memories/projects", new_path: "/memories/archive" },
  { command: "rename", old_path: "/memories/notes.md", new_path: "/memories/archive/acme/plan.md" },
  { command: "view", path: "/memories/archive/acme/plan.md" },
  { command: "view", path: "/memories/projects" },
  { command: "view", path: "/memories/../etc/passwd" },
  { command: "view", path: "/memories/%2e%2e/x" },
  { command: "create", path: "/elsewhere.md", file_text: "x" },
  { command: "create", path: "/memories/x.md" },
  { command: "delete", path: "/memories/notes.md", extra: true },
  { command: "frobnicate", path: "/memories" },
  { path: "/memories" },
  { command: 42 },
  { command: "delete", path: "/memories" },
  { command: "delete", path: "/memories/archive" },
  { command: "view", path: "/memories" },
];

describe("MCP memory tool", () => {
  it("lists the three tools with truthful annotations", async () => {
    const client = await connect(await newStore(server, "mcp list"));
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(["memory", "memory_history", "memory_search"]);
    expect(byName.memory!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(byName.memory_search!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(byName.memory_history!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    const input = byName.memory!.inputSchema as { properties: Record<string, { type?: string; enum?: string[] }>; required?: string[] };
    expect(input.required).toEqual(["command"]);
    expect(input.properties.command!.enum).toEqual(["view", "create", "str_replace", "insert", "delete", "rename"]);
    expect(Object.keys(input.properties).sort()).toEqual(
      ["command", "file_text", "insert_line", "insert_text", "new_path", "new_str", "old_path", "old_str", "path", "view_range"].sort(),
    );
    expect(input.properties.insert_line!.type).toBe("integer");
  });

  it("answers every command with exactly the memory-tool endpoint's text for the same input", async () => {
    const viaEndpoint = await newStore(server, "mcp same text (endpoint)");
    const viaMcp = await newStore(server, "mcp same text (mcp)");
    const client = await connect(viaMcp);
    const neutral = (text: string, storeId: string) => text.replaceAll(storeId, "<store>");
    for (const input of SEQUENCE) {
      const expected = await callTool(server, viaEndpoint, input);
      const actual = await callMcpTool(client, "memory", input);
      expect({ input, ...actual, content: neutral(actual.content, viaMcp) }).toEqual({ input, ...expected, content: neutral(expected.content, viaEndpoint) });
    }
    expect(await storeContents(server, viaMcp)).toEqual(await storeContents(server, viaEndpoint));
    const operations = async (storeId: string) => (await allVersions(server, storeId)).map((v) => [v.operation, v.path]);
    expect(await operations(viaMcp)).toEqual(await operations(viaEndpoint));
  });

  it("attributes writes to the key, or to the session the header names", async () => {
    const storeId = await newStore(server, "mcp attribution");
    const key = await issueKey(server, { role: "reviewer" });
    const keyId = await keyIdOf(server, key);
    const client = await connect(storeId, { apiKey: key });
    await callMcpTool(client, "memory", { command: "create", path: "/memories/a.md", file_text: "by key" });
    const session = await connect(storeId, { apiKey: key, headers: { "x-memory-session-id": "agent-run-7" } });
    await callMcpTool(session, "memory", { command: "create", path: "/memories/b.md", file_text: "by session" });
    const versions = await allVersions(server, storeId);
    const byPath = Object.fromEntries(versions.map((v) => [v.path, v.created_by]));
    expect(byPath["/a.md"]).toEqual({ type: "api_actor", api_key_id: keyId });
    expect(byPath["/b.md"]).toEqual({ type: "session_actor", session_id: "agent-run-7" });
    // The session's writes still count as the key's (the version list's api_key_id filter finds both).
    const mine = await server.client.beta.memoryStores.memoryVersions.list(storeId, { api_key_id: keyId });
    expect(mine.data.map((v) => v.path).sort()).toEqual(["/a.md", "/b.md"]);
    // Agents' writes await review (the store's default policy), as through any other door.
    const reviews = await (await server.api.send("listReviews", { query: { store_id: storeId } })).json();
    expect(reviews.data.map((i: { change: string; last_actor: unknown }) => JSON.stringify([i.change, i.last_actor])).sort()).toEqual([
      JSON.stringify(["created", { type: "api_actor", api_key_id: keyId }]),
      JSON.stringify(["created", { type: "session_actor", session_id: "agent-run-7" }]),
    ]);
  });

  it("finds words and exact text with path, line number and the matching line", async () => {
    const storeId = await newStore(server, "mcp search");
    const client = await connect(storeId);
    await callMcpTool(client, "memory", { command: "create", path: "/memories/people/ana.md", file_text: "# Ana\nPrefers email over phone.\n" });
    await callMcpTool(client, "memory", { command: "create", path: "/memories/todo.md", file_text: "- email the invoice (v2)\n" });
    const words = await callMcpTool(client, "memory_search", { query: "email" });
    expect(words.is_error).toBe(false);
    expect(words.content.split("\n")[0]).toBe('2 matches for "email" in the current memories of this store:');
    expect(words.content).toContain("/memories/people/ana.md:2: Prefers email over phone.");
    expect(words.content).toContain("/memories/todo.md:1: - email the invoice (v2)");
    const exact = await callMcpTool(client, "memory_search", { query: "(v2)", mode: "exact", path: "/memories" });
    expect(exact.content).toBe('1 match for "(v2)" in the current memories of this store:\n/memories/todo.md:1: - email the invoice (v2)');
    const below = await callMcpTool(client, "memory_search", { query: "email", path: "/memories/people" });
    expect(below.content.split("\n").slice(1)).toEqual(["/memories/people/ana.md:2: Prefers email over phone."]);

    await callMcpTool(client, "memory", { command: "str_replace", path: "/memories/todo.md", old_str: "email", new_str: "post" });
    const now = await callMcpTool(client, "memory_search", { query: "invoice email", mode: "words" });
    expect(now.content).toBe('No matches for "invoice email" in the current memories of this store.');
    const past = await callMcpTool(client, "memory_search", { query: "invoice email", include_history: true });
    expect(past.content).toMatch(
      /^1 match for "invoice email" in the versions of this store:\n\/memories\/todo\.md:1 \[memver_\w+, created [^\]]+\]: - email the invoice \(v2\)$/,
    );

    expect(await callMcpTool(client, "memory_search", { query: "ab", mode: "exact" })).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/^Error: q: exact text must be at least 3/),
    });
    expect(await callMcpTool(client, "memory_search", { query: "x", path: "/memories/../etc" })).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/^Error: Path .* would escape|^Error: Path .* '\.\.'/),
    });
  });

  it("pages search matches with the cursor it names", async () => {
    const storeId = await newStore(server, "mcp search pages");
    const client = await connect(storeId);
    for (const name of ["a", "b", "c"]) await callMcpTool(client, "memory", { command: "create", path: `/memories/${name}.md`, file_text: "needle here\n" });
    const first = await callMcpTool(client, "memory_search", { query: "needle", limit: 2 });
    const cursor = /page "([^"]+)"/.exec(first.content)?.[1];
    expect(cursor, first.content).toBeDefined();
    const second = await callMcpTool(client, "memory_search", { query: "needle", limit: 2, page: cursor });
    const paths = (text: string) =>
      text
        .split("\n")
        .filter((l) => l.startsWith("/memories/"))
        .map((l) => l.split(":")[0]);
    expect([...paths(first.content), ...paths(second.content)].sort()).toEqual(["/memories/a.md", "/memories/b.md", "/memories/c.md"]);
  });

  it("shows a file's versions (when, who, operation) and an old version's content", async () => {
    const storeId = await newStore(server, "mcp history");
    const keyId = await keyIdOf(server);
    const client = await connect(storeId);
    await callMcpTool(client, "memory", { command: "create", path: "/memories/plan.md", file_text: "v1\n" });
    await callMcpTool(client, "memory", { command: "str_replace", path: "/memories/plan.md", old_str: "v1", new_str: "v2" });
    await callMcpTool(client, "memory", { command: "rename", old_path: "/memories/plan.md", new_path: "/memories/final.md" });
    const history = await callMcpTool(client, "memory_history", { path: "/memories/final.md" });
    expect(history.is_error).toBe(false);
    const lines = history.content.split("\n");
    expect(lines[0]).toMatch(/^Versions of \/memories\/final\.md, memory mem_\w+, newest first:$/);
    const at = String.raw`\d{4}-\d\d-\d\dT[\d:.]+Z`;
    expect(lines[1]).toMatch(new RegExp(`^memver_\\w+ ${at} modified by api_actor ${keyId}: /memories/final\\.md, 3 bytes$`));
    expect(lines[2]).toMatch(new RegExp(`^memver_\\w+ ${at} modified by api_actor ${keyId}: /memories/plan\\.md, 3 bytes$`));
    expect(lines[3]).toMatch(new RegExp(`^memver_\\w+ ${at} created by api_actor ${keyId}: /memories/plan\\.md, 3 bytes$`));
    const firstId = lines[3]!.split(" ")[0]!;
    const old = await callMcpTool(client, "memory_history", { version_id: firstId });
    expect(old.content.split("\n").slice(1).join("\n")).toBe("v1\n");
    expect(old.content.split("\n")[0]).toContain(`${firstId} `);

    // A deleted file's history is still found by its path.
    await callMcpTool(client, "memory", { command: "delete", path: "/memories/final.md" });
    const gone = await callMcpTool(client, "memory_history", { path: "/memories/final.md", limit: 1 });
    expect(gone.content.split("\n")[0]).toContain("(deleted or moved: no live memory has this path)");
    expect(gone.content.split("\n")[1]).toMatch(/ deleted by api_actor /);
    expect(gone.content).toMatch(/Older versions: call memory_history again with before "memver_\w+"\./);

    // Another store's version is not this store's.
    const other = await newStore(server, "mcp history other");
    const otherClient = await connect(other);
    expect(await callMcpTool(otherClient, "memory_history", { version_id: firstId })).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/^Error: Memory version memver_\w+ not found/),
    });
    expect(await callMcpTool(otherClient, "memory_history", { path: "/memories/nothing.md" })).toMatchObject({ is_error: true });
    expect(await callMcpTool(otherClient, "memory_history", { version_id: "memver_\u0000" })).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/is not a version id/),
    });
  });
});
