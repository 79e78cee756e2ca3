import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { insertMemories } from "../../lib/memory/memories/mutations.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { readOf, recordReads } from "../../lib/memory/reads/read-buffer.ts";
import type { Reader } from "../../lib/memory/reads/reader.ts";
import { storeActivity } from "../../lib/memory/time-travel/store-activity.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

// The store's activity (issue 23): each principal that wrote, with counts and its first and
// last write, most recent first; the writes per slice of the window add up to the versions in it.
const t = useFreshDatabase();
const SESSION: Actor = { type: "session_actor", session_id: "sess_activity", api_key_id: "apikey_domaintest" };
const USER: Actor = { type: "user_actor", user_id: "user_activity" };
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("store activity", () => {
  it("names each session, key and user that wrote, with counts and time spans, and counts writes per slice", async () => {
    const storeId = await newStore(t.db);
    const a = await createMemory(t.db, { storeId, path: "/a.md", content: "a", actor: SESSION });
    await createMemory(t.db, { storeId, path: "/b.md", content: "b", actor: SESSION });
    await pause();
    const between = new Date();
    await pause();
    await updateMemory(t.db, { storeId, memoryId: a.id, content: "a2", actor: SESSION });
    await createMemory(t.db, { storeId, path: "/c.md", content: "c", actor: API_ACTOR });
    await pause();
    await updateMemory(t.db, { storeId, memoryId: a.id, content: "a3", actor: USER });

    const all = await storeActivity(t.db, { storeId, limit: 10, bucketCount: 12 });
    expect(all.principals.map((p) => [p.actor.type, p.versionCount, p.memoryCount])).toEqual([
      ["user_actor", 1, 1],
      ["api_actor", 1, 1],
      ["session_actor", 3, 2],
    ]);
    const session = all.principals[2]!;
    expect(session.actor).toEqual({ type: "session_actor", session_id: "sess_activity" });
    expect(session.apiKey?.id).toBe("apikey_domaintest");
    expect(session.firstAt.getTime()).toBeLessThan(session.lastAt.getTime());
    expect(all.buckets).toHaveLength(12);
    expect(all.buckets.reduce((n, b) => n + b.count, 0)).toBe(5);
    expect(all.buckets[0]!.count).toBeGreaterThan(0);

    // A window: only what was written in it; the limit says there is more.
    const later = await storeActivity(t.db, { storeId, from: between, limit: 2, bucketCount: 1 });
    expect(later.principals.map((p) => [p.actor.type, p.versionCount])).toEqual([
      ["user_actor", 1],
      ["api_actor", 1],
    ]);
    expect(later.hasMore).toBe(true);
    expect(later.buckets).toEqual([{ start: between, count: 3, reads: 0 }]);
    await expect(storeActivity(t.db, { storeId, from: new Date(), to: between, limit: 1, bucketCount: 1 })).rejects.toThrow(/later than/);
    await expect(storeActivity(t.db, { storeId: "memstore_nope", limit: 1, bucketCount: 1 })).rejects.toThrow(/not found/);
  });

  it("counts agents' reads per slice beside the writes, each at its last read; people's reads are left out", async () => {
    const storeId = await newStore(t.db);
    const a = await createMemory(t.db, { storeId, path: "/a.md", content: "a", actor: API_ACTOR });
    const start = new Date(a.createdAt.getTime() - 1);
    const agent = (sessionId: string): Reader => ({ type: "api_key", id: "apikey_reader", sessionId, channel: "memory_tool" });
    const early = new Date(start.getTime() + 10_000);
    const late = new Date(start.getTime() + 90_000);
    recordReads(t.db, agent("sess_early"), [readOf(a)], early);
    recordReads(t.db, agent("sess_early"), [readOf(a)], early);
    recordReads(t.db, agent("sess_late"), [readOf(a)], late);
    recordReads(t.db, { type: "user", id: "user_reviewer", sessionId: null, channel: "console" }, [readOf(a)], late);
    const activity = await storeActivity(t.db, { storeId, from: start, to: new Date(start.getTime() + 100_000), limit: 5, bucketCount: 10 });
    expect(activity.buckets.map((b) => b.reads)).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(activity.buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("walks versions that share one moment across its chunks without losing or repeating any", async () => {
    const storeId = await newStore(t.db);
    // One batch: 2,500 versions with the same created_at, more than one statement's 2,000.
    const at = new Date();
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      for (let start = 0; start < 2_500; start += 500) {
        const states = Array.from({ length: 500 }, (_, i) => ({ path: `/many/n${start + i}.md`, content: `${start + i}` }));
        await insertMemories(tx, storeId, states, SESSION, { at });
      }
    });
    const activity = await storeActivity(t.db, { storeId, limit: 10, bucketCount: 4 });
    expect(activity.principals.map((p) => [p.versionCount, p.memoryCount])).toEqual([[2_500, 2_500]]);
    expect(activity.buckets.reduce((n, b) => n + b.count, 0)).toBe(2_500);
  }, 60_000);
});
