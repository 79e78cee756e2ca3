import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import { executeBulkDeletion } from "../../lib/memory/bulk-delete/execute-bulk-deletion.ts";
import { planBulkDeletion } from "../../lib/memory/bulk-delete/plan-bulk-deletion.ts";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { search } from "../../lib/memory/search/search.ts";
import { parseSearchText } from "../../lib/memory/search/search-text.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { raw } from "../../lib/memory/db.ts";
import { predecessorProblems } from "../helpers/invariants.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Bulk delete by filter (issue 11) on lib/memory: the dry run records what it saw, the execution
 * deletes exactly that through the one write path and reports what changed or appeared since.
 */
const t = useFreshDatabase();
const put = (storeId: string, path: string, content = `note ${path}`) => createMemory(t.db, { storeId, path, content, actor: API_ACTOR });

describe(`bulk delete on ${ENGINE}`, () => {
  it("memories under a prefix: deletes what the dry run saw, reports a changed one and a late one", async () => {
    const storeId = await newStore(t.db);
    await put(storeId, "/users/ana/a.md", "bulk-wombat a");
    const changed = await put(storeId, "/users/ana/b.md");
    await put(storeId, "/users/ana/c.md");
    await put(storeId, "/users/bob/a.md");
    const { bulk, items } = await planBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      filter: { target: "memories", storeId, pathPrefix: "/users/ana/" },
      actor: API_ACTOR,
    });
    expect(items.map((i) => i.label).sort()).toEqual(["/users/ana/a.md", "/users/ana/b.md", "/users/ana/c.md"]);
    // After the dry run: one changes, one appears.
    await updateMemory(t.db, { storeId, memoryId: changed.id, content: "edited since", actor: API_ACTOR });
    await put(storeId, "/users/ana/late.md");
    const confirm = { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, id: bulk.id, digest: bulk.digest, confirmation: "delete 3 memories", actor: API_ACTOR };
    await expect(executeBulkDeletion(t.db, { ...confirm, digest: "0".repeat(64) })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(executeBulkDeletion(t.db, { ...confirm, confirmation: "yes" })).rejects.toMatchObject({ code: "invalid_request" });
    const done = await executeBulkDeletion(t.db, confirm);
    const outcome = Object.fromEntries(done.items.map((i) => [i.label, `${i.kind}:${i.outcome}`]));
    expect(outcome).toEqual({
      "/users/ana/a.md": "planned:deleted",
      "/users/ana/b.md": "planned:changed",
      "/users/ana/c.md": "planned:deleted",
      "/users/ana/late.md": "late:left",
    });
    expect(done.bulk).toMatchObject({ status: "completed", countBefore: 3, countAfter: 2 });
    // Through the write path: a `deleted` version each, the store's count, and the index.
    const left = await t.db.sql.$queryRaw<{ path: string }[]>`SELECT path FROM memories WHERE store_id = ${storeId} ORDER BY path`;
    expect(left.map((r) => r.path)).toEqual(["/users/ana/b.md", "/users/ana/late.md", "/users/bob/a.md"]);
    const deletedVersions = await t.db.sql.$queryRaw<
      { n: number | bigint }[]
    >`SELECT count(*) AS n FROM memory_versions WHERE store_id = ${storeId} AND operation = 'deleted'`;
    expect(Number(deletedVersions[0]!.n)).toBe(2);
    const [count] = await t.db.sql.$queryRaw<{ memory_count: number | bigint }[]>`SELECT memory_count FROM memory_stores WHERE id = ${storeId}`;
    expect(Number(count!.memory_count)).toBe(3);
    const hits = await search(t.db, {
      text: parseSearchText("wombat", "words"),
      scope: "memories",
      stores: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] },
      limit: 10,
    });
    expect(hits.hits).toEqual([]);
    // It runs once.
    await expect(executeBulkDeletion(t.db, confirm)).rejects.toMatchObject({ code: "conflict" });
  });

  it("memories of one chunk go together: one deleted version each on the chain, the gone and changed reported, review settled", async () => {
    const storeId = await newStore(t.db);
    const memories: Awaited<ReturnType<typeof put>>[] = [];
    for (let n = 0; n < 30; n++) memories.push(await put(storeId, `/batch/${String(n).padStart(2, "0")}.md`));
    const open = async () =>
      (await t.db.sql.$queryRaw<{ memory_id: string }[]>`SELECT memory_id FROM review_items WHERE store_id = ${storeId} ORDER BY memory_id`).map(
        (r) => r.memory_id,
      );
    expect(await open()).toHaveLength(30);
    const { bulk } = await planBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      filter: { target: "memories", storeId, pathPrefix: "/batch/" },
      actor: API_ACTOR,
    });
    // After the dry run, in the first chunk: one deleted by someone else, one changed.
    await deleteMemory(t.db, { storeId, memoryId: memories[3]!.id, actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memories[7]!.id, content: "edited since", actor: API_ACTOR });
    const done = await executeBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      id: bulk.id,
      digest: bulk.digest,
      confirmation: "delete 30 memories",
      actor: API_ACTOR,
    });
    const outcomes = done.items.map((i) => i.outcome);
    expect(outcomes.filter((o) => o === "deleted")).toHaveLength(28);
    expect(done.items.find((i) => i.targetId === memories[3]!.id)?.outcome).toBe("gone");
    expect(done.items.find((i) => i.targetId === memories[7]!.id)?.outcome).toBe("changed");
    const left = await t.db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memories WHERE store_id = ${storeId}`;
    expect(left.map((r) => r.id)).toEqual([memories[7]!.id]);
    const deletions = await t.db.sql.$queryRaw<{ memory_id: string }[]>`
      SELECT memory_id FROM memory_versions WHERE store_id = ${storeId} AND operation = 'deleted'`;
    expect(deletions).toHaveLength(29);
    expect(new Set(deletions.map((d) => d.memory_id)).size).toBe(29);
    // What awaited review on the memories it deleted is settled by it; the gone and the changed one still wait.
    expect(await open()).toEqual([memories[3]!.id, memories[7]!.id].sort());
    const decisions = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`
      SELECT count(*) AS n FROM review_decisions WHERE store_id = ${storeId} AND action = 'edited' AND result_version_id IS NOT NULL`;
    expect(Number(decisions[0]!.n)).toBe(28);
    const [count] = await t.db.sql.$queryRaw<{ memory_count: number | bigint }[]>`SELECT memory_count FROM memory_stores WHERE id = ${storeId}`;
    expect(Number(count!.memory_count)).toBe(1);
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified" });
    expect(await predecessorProblems((query) => t.db.sql.$queryRaw(raw(query)))).toEqual([]);
  });

  it("stores matching metadata: deletes the stores as seen, leaves one changed since, reports a late one", async () => {
    const user = `user-${Date.now()}`;
    const a = (await createStore(t.db, { name: "end user a", metadata: { end_user: user } })).id;
    const b = (await createStore(t.db, { name: "end user b", metadata: { end_user: user, tier: "x" } })).id;
    const other = (await createStore(t.db, { name: "someone else", metadata: { end_user: "other" } })).id;
    await put(a, "/x.md");
    await put(b, "/y.md");
    const { bulk, items } = await planBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      filter: { target: "stores", metadata: [["end_user", user]] },
      actor: API_ACTOR,
    });
    expect(items.map((i) => i.targetId).sort()).toEqual([a, b].sort());
    expect(bulk.memoriesBefore).toBe(2);
    await put(b, "/written-since.md");
    const late = (await createStore(t.db, { name: "end user c", metadata: { end_user: user } })).id;
    const done = await executeBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      id: bulk.id,
      digest: bulk.digest,
      confirmation: "delete 2 stores",
      actor: API_ACTOR,
    });
    const outcome = Object.fromEntries(done.items.map((i) => [i.targetId, `${i.kind}:${i.outcome}`]));
    expect(outcome).toEqual({ [a]: "planned:deleted", [b]: "planned:changed", [late]: "late:left" });
    const stores = await t.db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_stores WHERE id IN (${a}, ${b}, ${other}, ${late})`;
    expect(stores.map((s) => s.id).sort()).toEqual([b, other, late].sort());
  });
});
