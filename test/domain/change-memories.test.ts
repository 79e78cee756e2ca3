import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { sha256Hex } from "../../lib/memory/hashing.ts";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { changeMemories, removeMemories, removeMemory } from "../../lib/memory/memories/mutations.ts";
import { DELIBERATE } from "../../lib/memory/review/deliberate.ts";
import { settleOpenItems } from "../../lib/memory/review/settle.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { predecessorProblems } from "../helpers/invariants.ts";
import { raw } from "../../lib/memory/db.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

/**
 * changeMemories (the batched modify of a restore's chunk) writes what changeMemory writes for
 * each memory: one `modified` version, the memory row on it, the history chain extended in
 * order, review state kept; settleOpenItems closes open items as settleOpenItem does.
 * removeMemories (a directory the memory tool deletes) likewise writes what removeMemory writes.
 */
const t = useFreshDatabase();
const USER: Actor = { type: "user_actor", user_id: "user_batch" };

async function threeMemories() {
  const storeId = await newStore(t.db);
  const memories = [];
  for (const path of ["/a.md", "/b.md", "/c.md"]) memories.push(await createMemory(t.db, { storeId, path, content: `${path} first`, actor: API_ACTOR }));
  return { storeId, memories };
}

const openItems = async (storeId: string) =>
  (await t.db.sql.$queryRaw<{ memory_id: string }[]>`SELECT memory_id FROM review_items WHERE store_id = ${storeId} ORDER BY memory_id`).map(
    (r) => r.memory_id,
  );

describe("changeMemories", () => {
  it("writes one modified version per memory, the rows on them, and a verified chain", async () => {
    const { storeId, memories } = await threeMemories();
    const changed = await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      return changeMemories(
        tx,
        memories.map((memory, n) => ({ memory, state: { path: n === 2 ? "/moved/c.md" : memory.path, content: `${memory.path} second` } })),
        USER,
      );
    });
    for (const [n, memory] of memories.entries()) {
      const now = await getMemory(t.db.sql, storeId, memory.id);
      expect(now).toMatchObject({
        path: n === 2 ? "/moved/c.md" : memory.path,
        content: `${memory.path} second`,
        memoryVersionId: changed[n]!.memoryVersionId,
      });
      expect(now.contentSha256).toBe(sha256Hex(now.content));
      const versions = (await listVersions(t.db, { storeId, memoryId: memory.id, limit: 10, withContent: false })).items;
      expect(versions.map((v) => v.operation)).toEqual(["modified", "created"]);
      expect(versions[0]!.id).toBe(now.memoryVersionId);
    }
    // A console user's write settles what awaited review, as changeMemory's does.
    expect(await openItems(storeId)).toEqual([]);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified", versionsChecked: 6 });
  });

  it("as a deliberate act leaves review alone; settleOpenItems then closes the items with decisions", async () => {
    const { storeId, memories } = await threeMemories();
    expect(await openItems(storeId)).toHaveLength(3);
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      const changed = await changeMemories(
        tx,
        memories.slice(0, 2).map((memory) => ({ memory, state: { path: memory.path, content: "back" } })),
        USER,
        DELIBERATE,
      );
      expect(await openItems(storeId)).toHaveLength(3);
      await settleOpenItems(
        tx,
        changed.map((m) => ({ memoryId: m.id, resultVersionId: m.memoryVersionId })),
        { action: "reverted", actor: USER },
      );
    });
    expect(await openItems(storeId)).toEqual([memories[2]!.id]);
    const decisions = await t.db.sql.$queryRaw<{ memory_id: string; action: string; reviewer_id: string }[]>`
      SELECT memory_id, action, reviewer_id FROM review_decisions WHERE store_id = ${storeId} ORDER BY memory_id`;
    expect(decisions).toEqual(memories.slice(0, 2).map((m) => ({ memory_id: m.id, action: "reverted", reviewer_id: "user_batch" })));
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified", versionsChecked: 5 });
  });
});

describe("removeMemories", () => {
  /** What review keeps of a store's items, without ids and times. */
  const reviewState = async (storeId: string) =>
    (await t.db.read.reviewItem.findMany({ where: { storeId }, orderBy: { path: "asc" } })).map((r) => ({
      path: r.path,
      settledPath: r.settledPath,
      headOperation: r.headOperation,
      change: r.change,
      versionCount: r.versionCount,
      lastActor: [r.lastActorType, r.lastActorId, r.lastApiKeyId],
      findings: r.findings,
    }));

  it("writes what removeMemory writes one by one: deleted versions, rows gone, the count, review state, the chain", async () => {
    const batched = await threeMemories();
    const oneByOne = await threeMemories();
    const removed = await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, batched.storeId);
      return removeMemories(tx, batched.memories.slice(0, 2), API_ACTOR);
    });
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, oneByOne.storeId);
      for (const memory of oneByOne.memories.slice(0, 2)) await removeMemory(tx, memory, API_ACTOR);
    });
    expect(removed).toHaveLength(2);
    for (const [n, memory] of batched.memories.slice(0, 2).entries()) {
      const versions = (await listVersions(t.db, { storeId: batched.storeId, memoryId: memory.id, limit: 10, withContent: false })).items;
      expect(versions.map((v) => [v.operation, v.path])).toEqual([
        ["deleted", memory.path],
        ["created", memory.path],
      ]);
      expect(versions[0]!.id).toBe(removed[n]);
    }
    const left = async (storeId: string) => (await t.db.read.memoryRecord.findMany({ where: { storeId } })).map((m) => m.path);
    expect(await left(batched.storeId)).toEqual(["/c.md"]);
    const count = async (storeId: string) => (await t.db.read.memoryStore.findUniqueOrThrow({ where: { id: storeId } })).memoryCount;
    expect(await count(batched.storeId)).toBe(1);
    expect(await reviewState(batched.storeId)).toEqual(await reviewState(oneByOne.storeId));
    expect(await verifyStoreChain(t.db, batched.storeId)).toMatchObject({ status: "verified", versionsChecked: 5 });
    expect(await predecessorProblems((query) => t.db.sql.$queryRaw(raw(query)))).toEqual([]);
  });
});
