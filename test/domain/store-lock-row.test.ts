import { describe, expect, it } from "vitest";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { insertMemory } from "../../lib/memory/memories/mutations.ts";
import { setStorePolicy } from "../../lib/memory/policies/policy-settings.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

/**
 * A write's first statement, the store lock, also reads the store's chain head and what its write
 * policy is resolved from, and the rest of the transaction uses them instead of asking again
 * (issue 46: fewer round trips). What the transaction itself changes must not be read stale: the
 * head it moves, the count it raises.
 */
const t = useFreshDatabase();
const ADMIN = { type: "user_actor" as const, user_id: "user_admin" };

describe("the store lock's row, kept for the transaction", () => {
  it("links several writes of one transaction onto the head each one moved", async () => {
    const storeId = await newStore(t.db);
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      for (let i = 0; i < 3; i++) await insertMemory(tx, storeId, { path: `/chain/${i}.md`, content: `link ${i}` }, API_ACTOR);
    });
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      await insertMemory(tx, storeId, { path: "/chain/next.md", content: "next transaction" }, API_ACTOR);
    });
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified" });
  });

  it("counts the memories this transaction created against the agents' cap", async () => {
    const storeId = await newStore(t.db);
    await setStorePolicy(t.db, storeId, { maxMemoriesForAgents: 2 }, ADMIN);
    const write = t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      for (let i = 0; i < 3; i++) await insertMemory(tx, storeId, { path: `/cap/${i}.md`, content: `memory ${i}` }, API_ACTOR);
    });
    await expect(write).rejects.toThrow(/max_memories_for_agents/);
  });

  it("reads the policy in force when the write takes the lock", async () => {
    const storeId = await newStore(t.db);
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      await insertMemory(tx, storeId, { path: "/before.md", content: "before the cap" }, API_ACTOR);
    });
    await setStorePolicy(t.db, storeId, { maxMemoriesForAgents: 1 }, ADMIN);
    await expect(
      t.db.sqlTransaction((tx) => lockStore(tx, storeId).then(() => insertMemory(tx, storeId, { path: "/after.md", content: "x" }, API_ACTOR))),
    ).rejects.toThrow(/max_memories_for_agents/);
  });
});
