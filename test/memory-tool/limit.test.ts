import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";
import { LIMITS } from "../../lib/memory/limits.ts";
import { seedMemories } from "./database.ts";
import { callTool, newStore } from "./helpers.ts";

/** The 10,000-memory limit applies to memory-tool creates; everything else keeps working. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe("memory tool and the 10,000-memory limit", () => {
  it("refuses a create in a full store with an error result while edits, renames and deletes still work", { timeout: 180_000 }, async () => {
    const storeId = await newStore(server, "full");
    await seedMemories(server, storeId, LIMITS.memoriesPerStore, (i) => `/bulk/${String(i).padStart(5, "0")}.md`);
    const newest = (await server.client.beta.memoryStores.memoryVersions.list(storeId, { limit: 1 })).data[0]!.id;

    const refused = await callTool(server, storeId, { command: "create", path: "/memories/one-more.md", file_text: "x" });
    expect(refused.is_error).toBe(true);
    expect(refused.content).toBe(
      `Error: Memory store ${storeId} holds 10000 memories; a store holds at most 10,000. Delete memories you no longer need before creating more.`,
    );
    expect((await server.client.beta.memoryStores.memoryVersions.list(storeId, { limit: 1 })).data[0]!.id).toBe(newest);
    expect((await callTool(server, storeId, { command: "view", path: "/memories/one-more.md" })).is_error).toBe(true);

    expect((await callTool(server, storeId, { command: "str_replace", path: "/memories/bulk/00001.md", old_str: "1", new_str: "one" })).is_error).toBe(false);
    expect((await callTool(server, storeId, { command: "rename", old_path: "/memories/bulk/00002.md", new_path: "/memories/two.md" })).is_error).toBe(false);
    expect((await callTool(server, storeId, { command: "delete", path: "/memories/two.md" })).is_error).toBe(false);
    expect(await callTool(server, storeId, { command: "create", path: "/memories/one-more.md", file_text: "x" })).toEqual({
      content: "File created successfully at: /memories/one-more.md",
      is_error: false,
    });
  });
});
