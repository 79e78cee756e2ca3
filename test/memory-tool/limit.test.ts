import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { envKeyId } from "../../lib/auth/api-keys.ts";
import { LIMITS } from "../../lib/memory/limits.ts";
import { sha256Hex, utf8Length } from "../../lib/memory/hashing.ts";
import { newId } from "../../lib/memory/ids.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { openServerDb } from "./database.ts";
import { callTool, newStore } from "./helpers.ts";

/** The 10,000-memory limit applies to memory-tool creates; everything else keeps working. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/**
 * Fills a store to the limit in bulk: one transaction under the store lock writing, for every
 * memory, the row, its `created` version and the store's count exactly as insertMemory does
 * (one insertMemory call per memory takes minutes on a busy machine).
 */
async function fillToLimit(storeId: string) {
  const db = await openServerDb(server);
  const actor = { createdByType: "api_actor", createdById: envKeyId(ADMIN_KEY) };
  try {
    await db.transaction(
      async (tx) => {
        await lockStore(tx, storeId);
        for (let start = 0; start < LIMITS.memoriesPerStore; start += 1000) {
          // SQLite's driver answers synchronously; let the event loop see the HTTP client's idle sockets close.
          await new Promise((resolve) => setImmediate(resolve));
          const now = new Date();
          const rows = Array.from({ length: 1000 }, (_, i) => {
            const content = `${start + i}`;
            const state = { path: `/bulk/${String(start + i).padStart(5, "0")}.md`, content, contentSha256: sha256Hex(content), contentSizeBytes: utf8Length(content) };
            return { memoryId: newId("mem"), versionId: newId("memver"), state };
          });
          await tx.memoryVersion.createMany({
            data: rows.map((r) => ({ id: r.versionId, storeId, memoryId: r.memoryId, operation: "created", ...r.state, ...actor, createdAt: now })),
          });
          await tx.memoryRecord.createMany({
            data: rows.map((r) => ({ id: r.memoryId, storeId, ...r.state, memoryVersionId: r.versionId, createdAt: now, updatedAt: now })),
          });
        }
        await tx.memoryStore.update({ where: { id: storeId }, data: { memoryCount: LIMITS.memoriesPerStore } });
      },
      { timeoutMs: 120_000 },
    );
  } finally {
    await db.close();
  }
}

describe("memory tool and the 10,000-memory limit", () => {
  it("refuses a create in a full store with an error result while edits, renames and deletes still work", { timeout: 180_000 }, async () => {
    const storeId = await newStore(server, "full");
    await fillToLimit(storeId);
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
