// POST /mcp/{memory_store_id} – every memory a resource (paged list, read, template) and the memory protocol prompt
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { newStore } from "../memory-tool/helpers.ts";
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

async function connect(storeId: string) {
  const client = await mcpClient(server, storeId);
  clients.push(client);
  return client;
}

describe("MCP resources", () => {
  it("lists every memory, paged in path order, and reads each by its URI", async () => {
    const storeId = await newStore(server, "mcp resources");
    const paths = Array.from({ length: 103 }, (_, i) => `/notes/n${String(i).padStart(3, "0")}.md`);
    for (let i = 0; i < paths.length; i += 10) {
      await Promise.all(
        paths.slice(i, i + 10).map((path) => server.client.beta.memoryStores.memories.create(storeId, { path, content: `content of ${path}` })),
      );
    }
    const client = await connect(storeId);
    const first = await client.listResources();
    expect(first.resources.length).toBe(100);
    expect(first.nextCursor).toBeDefined();
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    const listed = [...first.resources, ...second.resources];
    expect(listed.map((r) => r.name)).toEqual(paths.map((p) => `/memories${p}`));
    expect(listed[0]).toEqual({
      uri: `memory://${storeId}/notes/n000.md`,
      name: "/memories/notes/n000.md",
      mimeType: "text/markdown",
      size: Buffer.byteLength(`content of ${paths[0]}`),
    });

    const read = await client.readResource({ uri: listed[5]!.uri });
    expect(read.contents).toEqual([{ uri: listed[5]!.uri, mimeType: "text/markdown", text: `content of ${paths[5]}` }]);
    await expect(client.listResources({ cursor: "not-a-cursor" })).rejects.toBeInstanceOf(McpError);
  });

  it("encodes each path segment in the URI and offers a template for paths", async () => {
    const storeId = await newStore(server, "mcp resource uris");
    const client = await connect(storeId);
    await callMcpTool(client, "memory", { command: "create", path: "/memories/Ünïcode dir/a #1?.txt", file_text: "odd name" });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([`memory://${storeId}/%C3%9Cn%C3%AFcode%20dir/a%20%231%3F.txt`]);
    expect((await client.readResource({ uri: resources[0]!.uri })).contents[0]).toMatchObject({ text: "odd name", mimeType: "text/plain" });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: `memory://${storeId}/{+path}`, name: "memory" })]);
  });

  it("answers a URI that names no memory of this store with resource-not-found (-32002)", async () => {
    const storeId = await newStore(server, "mcp resource missing");
    const other = await newStore(server, "mcp resource other");
    await server.client.beta.memoryStores.memories.create(other, { path: "/secret.md", content: "other store" });
    await server.client.beta.memoryStores.memories.create(storeId, { path: "/dir/file.md", content: "x" });
    const client = await connect(storeId);
    for (const uri of [
      `memory://${storeId}/nothing.md`,
      `memory://${other}/secret.md`,
      `memory://${storeId}/dir`,
      "https://example.com/x",
      `memory://${storeId}/%E0%A4%A`,
    ]) {
      await expect(client.readResource({ uri }), uri).rejects.toSatisfy((e) => e instanceof McpError && e.code === -32002);
    }
    await expect(client.readResource({ uri: `memory://${storeId}/a/%00/b` })).rejects.toSatisfy((e) => e instanceof McpError && e.code === -32602);
  });
});

describe("MCP prompt", () => {
  it("offers the memory tool's recommended instructions, word for word, optionally on one topic", async () => {
    const client = await connect(await newStore(server, "mcp prompt"));
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["memory_protocol"]);
    const plain = await client.getPrompt({ name: "memory_protocol" });
    const text = (plain.messages[0]!.content as { text: string }).text;
    expect(text.startsWith("IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.\nMEMORY PROTOCOL:\n")).toBe(true);
    expect(text).toContain(
      "ASSUME INTERRUPTION: Your context window might be reset at any moment, so you risk losing any progress that is not recorded in your memory directory.",
    );
    const topical = await client.getPrompt({ name: "memory_protocol", arguments: { topic: "the customer's preferences" } });
    expect(
      (topical.messages[0]!.content as { text: string }).text.endsWith(
        "Only write down information relevant to the customer's preferences in your memory system.",
      ),
    ).toBe(true);
  });
});
