import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { previewBulk, runBulk } from "../../lib/memory/review/bulk.ts";
import { findItem } from "../../lib/memory/review/list-reviews.ts";
import { listReviewBatches } from "../../lib/memory/review-batches/list-review-batches.ts";
import { executeBatchUndo, getBatchUndo, planBatchUndo } from "../../lib/memory/review-batches/run-batch-undo.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

/**
 * Undoing a recorded review batch (issue 26, item 4) through the one bulk lifecycle: what a bulk
 * approve approved goes back to its settled state, what a bulk revert reverted comes back as the
 * agent left it; a memory changed after the batch is left alone and reported (`conflict`), one
 * changed after the dry run too (`late`); the undo opens no review items.
 */
const t = useFreshDatabase();
const REVIEWER: Actor = { type: "user_actor", user_id: "user_reviewer" };
const ADMIN: Actor = { type: "user_actor", user_id: "user_admin" };

async function live(storeId: string) {
  const rows = await t.db.sql.$queryRaw<{ id: string; path: string; content: string }[]>`
    SELECT id, path, content FROM memories WHERE store_id = ${storeId} ORDER BY path`;
  return rows.map((r) => [r.path, r.content]);
}

async function bulk(storeId: string, action: "approve" | "revert") {
  const filter = { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] } };
  const items = await previewBulk(t.db, { filter });
  return runBulk(t.db, { action, items, actor: REVIEWER, filter, reason: "bulk" });
}

describe("undo a review batch", () => {
  it("an approve batch: settled states come back, a memory changed after the batch or after the dry run is left and reported", async () => {
    const storeId = await newStore(t.db);
    const a = await createMemory(t.db, { storeId, path: "/a.md", content: "a settled", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: a.id, content: "a by agent", actor: API_ACTOR });
    const b = await createMemory(t.db, { storeId, path: "/b.md", content: "b by agent", actor: API_ACTOR });
    const d = await createMemory(t.db, { storeId, path: "/d.md", content: "d settled", actor: REVIEWER });
    await deleteMemory(t.db, { storeId, memoryId: d.id, actor: API_ACTOR });
    const e = await createMemory(t.db, { storeId, path: "/e.md", content: "e settled", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: e.id, content: "e by agent", actor: API_ACTOR });
    const batch = await bulk(storeId, "approve");
    expect(batch).toMatchObject({ requested: 4, applied: 4 });
    // After the batch: e changes again (the undo must leave it).
    await updateMemory(t.db, { storeId, memoryId: e.id, content: "e later", actor: API_ACTOR });

    const { plan, items } = await planBatchUndo(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, batchId: batch.batchId, actor: ADMIN });
    expect(plan).toMatchObject({ batchId: batch.batchId, batchAction: "approved", storeIds: [storeId], actionable: 3, status: "planned" });
    const byMemory = new Map(items.map((i) => [i.memoryId, i]));
    expect(byMemory.get(a.id)).toMatchObject({ action: "modify", outcome: "planned", target: { path: "/a.md" } });
    expect(byMemory.get(b.id)).toMatchObject({ action: "delete", outcome: "planned", target: null });
    expect(byMemory.get(d.id)).toMatchObject({ action: "create", outcome: "planned", seen: null, target: { path: "/d.md" } });
    expect(byMemory.get(e.id)).toMatchObject({
      action: "conflict",
      outcome: "left",
      reason: expect.stringMatching(/^conflict: changed after the batch by api_actor apikey_domaintest/),
    });

    // Between the dry run and its execution, a changes: it is left `late`.
    await updateMemory(t.db, { storeId, memoryId: a.id, content: "a meanwhile", actor: REVIEWER });
    await expect(executeBatchUndo(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "undo 2 memories", actor: ADMIN })).rejects.toThrow(
      /type "undo 3 memories"/,
    );
    const done = await executeBatchUndo(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "undo 3 memories", actor: ADMIN });
    expect(done.plan.status).toBe("completed");
    const outcomes = Object.fromEntries(done.items.map((i) => [i.memoryId, i.outcome]));
    expect(outcomes).toEqual({ [a.id]: "late", [b.id]: "done", [d.id]: "done", [e.id]: "left" });
    expect(await live(storeId)).toEqual([
      ["/a.md", "a meanwhile"],
      ["/d.md", "d settled"],
      ["/e.md", "e later"],
    ]);
    // Deliberate: the undo's own writes open no review item (e's is the agent's later write).
    const restored = done.items.find((i) => i.memoryId === d.id)!;
    expect(await findItem(t.db.sql, restored.newMemoryId!)).toBeNull();
    expect(await findItem(t.db.sql, b.id)).toBeNull();
    // The report is kept, with every row.
    expect((await getBatchUndo(t.db.sql, plan.id, DEFAULT_WORKSPACE_ID)).items).toHaveLength(4);
    await expect(executeBatchUndo(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "undo 3 memories", actor: ADMIN })).rejects.toThrow(
      /already been carried out/,
    );
  });

  it("a revert batch: the agent's states come back, awaiting review again; undoing again finds every memory changed since (by the undo)", async () => {
    const storeId = await newStore(t.db);
    const f = await createMemory(t.db, { storeId, path: "/f.md", content: "f by agent", actor: API_ACTOR });
    const g = await createMemory(t.db, { storeId, path: "/g.md", content: "g settled", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: g.id, content: "g by agent", path: "/g2.md", actor: API_ACTOR });
    const batch = await bulk(storeId, "revert");
    expect(batch.applied).toBe(2);
    expect(await live(storeId)).toEqual([["/g.md", "g settled"]]);

    const { plan, items } = await planBatchUndo(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, batchId: batch.batchId, actor: ADMIN });
    expect(plan).toMatchObject({ batchAction: "reverted", actionable: 2 });
    expect(Object.fromEntries(items.map((i) => [i.memoryId, i.action]))).toEqual({ [f.id]: "create", [g.id]: "modify" });
    // The dry run says both come back unreviewed: the batch reverted them, nobody settled them.
    expect(items.map((i) => i.awaitingReview)).toEqual([true, true]);
    const done = await executeBatchUndo(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "undo 2 memories", actor: ADMIN });
    expect(done.items.map((i) => [i.outcome, i.awaitingReview])).toEqual([
      ["done", true],
      ["done", true],
    ]);
    expect(await live(storeId)).toEqual([
      ["/f.md", "f by agent"],
      ["/g2.md", "g by agent"],
    ]);
    // Undoing a revert is no approval: the agent's writes await review again, from the last settled state, as the agent's.
    expect(await findItem(t.db.sql, g.id)).toMatchObject({ settledPath: "/g.md", path: "/g2.md", change: "renamed", authors: [API_ACTOR], lastActor: ADMIN });
    const fAgain = done.items.find((i) => i.memoryId === f.id)!.newMemoryId!;
    expect(await findItem(t.db.sql, fAgain)).toMatchObject({ settledVersionId: null, path: "/f.md", change: "created", authors: [API_ACTOR] });

    const again = await planBatchUndo(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, batchId: batch.batchId, actor: ADMIN });
    expect(again.plan.actionable).toBe(0);
    expect(again.items.map((i) => i.action)).toEqual(["conflict", "conflict"]);
    expect(again.items.map((i) => i.reason)).toEqual([
      expect.stringMatching(/^conflict: \/f\.md is memory mem_\w+'s path now$/),
      expect.stringMatching(/by user_actor user_admin/),
    ]);
    await expect(
      executeBatchUndo(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: again.plan.id, confirmation: "undo 0 memories", actor: ADMIN }),
    ).rejects.toThrow(/found nothing to undo/);

    const listed = await listReviewBatches(t.db, { limit: 10, scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] } });
    expect(listed.items).toEqual([
      expect.objectContaining({
        id: batch.batchId,
        action: "reverted",
        decisions: 2,
        storeIds: [storeId],
        reason: "bulk",
        reviewer: REVIEWER,
        lastUndo: { id: again.plan.id, status: "planned" },
      }),
    ]);
    expect(listed.items[0]!.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(listed.items[0]!.createdAt.getTime())).toBe(false);
  });

  it("a batch in a store the caller may not see is not found", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/x.md", content: "x", actor: API_ACTOR });
    const batch = await bulk(storeId, "approve");
    await expect(
      planBatchUndo(t.db, { batchId: batch.batchId, scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: ["memstore_other"] }, actor: ADMIN }),
    ).rejects.toThrow(/not found/);
    await expect(planBatchUndo(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, batchId: "revbatch_nothing", actor: ADMIN })).rejects.toThrow(
      /Review batch revbatch_nothing not found/,
    );
    expect((await listReviewBatches(t.db, { limit: 10, scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: ["memstore_other"] } })).items).toEqual([]);
  });
});
