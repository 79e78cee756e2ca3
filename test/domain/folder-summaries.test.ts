import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { sha256Hex } from "../../lib/memory/hashing.ts";
import { newId } from "../../lib/memory/ids.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { listMemories } from "../../lib/memory/memories/list-memories.ts";
import { summarizeFolders } from "../../lib/memory/memories/summarize-folders.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { join, sql } from "../../lib/memory/sql.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

// The tree's folder counts (GET /v1/folder_summaries): each direct child folder of a prefix
// with its live memories and how many await review, paged, and fast on a full store's root.
const t = useFreshDatabase();
const USER: Actor = { type: "user_actor", user_id: "user_folders" };

const summary = (storeId: string, prefix = "/", limit = 100, from?: string) => summarizeFolders(t.db, { storeId, prefix, limit, from });
const counts = async (storeId: string, prefix = "/") => (await summary(storeId, prefix)).folders.map((f) => [f.path, f.memoryCount, f.awaitingReviewCount]);

describe(`folder summaries on ${ENGINE}`, () => {
  it("counts each child folder's memories and those awaiting review, and follows writes", async () => {
    const storeId = await newStore(t.db);
    // The store's default policy: agents' (API keys') writes await review, people's do not.
    const agent = await createMemory(t.db, { storeId, path: "/a/x/1.md", content: "1", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/a/2.md", content: "2", actor: USER });
    await createMemory(t.db, { storeId, path: "/b/3.md", content: "3", actor: USER });
    await createMemory(t.db, { storeId, path: "/top.md", content: "top", actor: USER });
    await createMemory(t.db, { storeId, path: "/a b/4.md", content: "4", actor: API_ACTOR });
    expect(await counts(storeId)).toEqual([
      ["/a b/", 1, 1],
      ["/a/", 2, 1],
      ["/b/", 1, 0],
    ]);
    expect(await counts(storeId, "/a/")).toEqual([["/a/x/", 1, 1]]);
    expect(await counts(storeId, "/b/")).toEqual([]);

    // A move carries the memory and its pending review to the other folder; a delete leaves the
    // count, and its review (an agent's delete awaits a reviewer too) stays with the folder it was in.
    await updateMemory(t.db, { storeId, memoryId: agent.id, path: "/b/1.md", actor: API_ACTOR });
    expect(await counts(storeId)).toEqual([
      ["/a b/", 1, 1],
      ["/a/", 1, 0],
      ["/b/", 2, 1],
    ]);
    await deleteMemory(t.db, { storeId, memoryId: agent.id, actor: USER });
    expect(await counts(storeId)).toEqual([
      ["/a b/", 1, 1],
      ["/a/", 1, 0],
      ["/b/", 1, 0],
    ]);
  });

  it("pages by folder, and an unknown store is not found", async () => {
    const storeId = await newStore(t.db);
    for (const path of ["/a/1.md", "/a/2.md", "/b/1.md", "/c/d/1.md", "/c/2.md"]) await createMemory(t.db, { storeId, path, content: path, actor: USER });
    const first = await summary(storeId, "/", 2);
    expect(first.folders.map((f) => f.path)).toEqual(["/a/", "/b/"]);
    const second = await summary(storeId, "/", 2, first.nextFrom!);
    expect(second.folders.map((f) => [f.path, f.memoryCount])).toEqual([["/c/", 2]]);
    expect(second.nextFrom).toBeNull();
    await expect(summary("memstore_nothere")).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers a 10,000-memory store's root within a small multiple of its depth=1 list", { timeout: 120_000 }, async () => {
    const storeId = await newStore(t.db);
    await seed(storeId, 10_000, (i) => `/f${String(Math.floor(i / 100)).padStart(3, "0")}/s${i % 4}/m${String(i % 100).padStart(2, "0")}.md`);
    const list = () => listMemories(t.db, { storeId, prefix: "/", depth: 1, withContent: false, limit: 100 });
    const summarize = () => summary(storeId);
    expect((await summarize()).folders).toHaveLength(100);
    expect((await summarize()).folders[0]).toEqual({ path: "/f000/", memoryCount: 100, awaitingReviewCount: 0 });
    const listP50 = await p50(list);
    const summaryP50 = await p50(summarize);
    console.log(
      `[folder summaries ${ENGINE}] 10,000 memories, root: summaries p50 ${summaryP50.toFixed(2)} ms, depth=1 list p50 ${listP50.toFixed(2)} ms, ratio ${(summaryP50 / listP50).toFixed(1)}`,
    );
    expect(summaryP50).toBeLessThan(250);
  });

  it("walks every direct memory of a flat folder (why the tree asks only where it shows subfolders)", { timeout: 120_000 }, async () => {
    const storeId = await newStore(t.db);
    await seed(storeId, 5_000, (i) => `/inbox/item-${String(i).padStart(4, "0")}.md`);
    const flat = await p50(() => summary(storeId, "/inbox/"), 9);
    const list = await p50(() => listMemories(t.db, { storeId, prefix: "/inbox/", depth: 1, withContent: false, limit: 100 }), 9);
    console.log(`[folder summaries ${ENGINE}] flat folder of 5,000: summaries p50 ${flat.toFixed(2)} ms, depth=1 list p50 ${list.toFixed(2)} ms`);
    expect((await summary(storeId, "/inbox/")).folders).toEqual([]);
  });
});

async function p50(run: () => Promise<unknown>, times = 25): Promise<number> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

/** Rows written in bulk exactly as a create writes them (as test/memory-tool/database.ts seeds a server's store). */
async function seed(storeId: string, count: number, pathOf: (i: number) => string) {
  await t.db.sqlTransaction(
    async (tx) => {
      await lockStore(tx, storeId);
      for (let start = 0; start < count; start += 1000) {
        const now = new Date();
        const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
          memoryId: newId("mem"),
          versionId: newId("memver"),
          path: pathOf(start + i),
          content: `${start + i}`,
        }));
        await tx.$executeRaw`
          INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at)
          VALUES ${join(rows.map((r) => sql`(${r.versionId}, ${storeId}, ${r.memoryId}, ${"created"}, ${r.path}, ${r.content}, ${sha256Hex(r.content)}, ${r.content.length}, ${"user_actor"}, ${"user_folders"}, ${now})`))}`;
        await tx.$executeRaw`
          INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
          VALUES ${join(rows.map((r) => sql`(${r.memoryId}, ${storeId}, ${r.path}, ${r.content}, ${sha256Hex(r.content)}, ${r.content.length}, ${r.versionId}, ${now}, ${now})`))}`;
      }
      await tx.$executeRaw`UPDATE memory_stores SET memory_count = memory_count + ${count} WHERE id = ${storeId}`;
    },
    { timeoutMs: 120_000 },
  );
}
