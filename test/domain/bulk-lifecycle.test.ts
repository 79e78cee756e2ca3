import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import { BULK_DELETION, type BulkDeletionTypes } from "../../lib/memory/bulk-delete/bulk-deletion-operation.ts";
import { confirmationPhrase } from "../../lib/memory/bulk-delete/bulk-deletion-rows.ts";
import { executeBulkDeletion } from "../../lib/memory/bulk-delete/execute-bulk-deletion.ts";
import { getBulkDeletion, getBulkDeletionItems } from "../../lib/memory/bulk-delete/get-bulk-deletion.ts";
import { planBulkDeletion } from "../../lib/memory/bulk-delete/plan-bulk-deletion.ts";
import type { BulkOperation } from "../../lib/memory/bulk/bulk-operation.ts";
import { executeBulk } from "../../lib/memory/bulk/execute-bulk.ts";
import { getItems } from "../../lib/memory/bulk/report-tables.ts";
import { planBulk } from "../../lib/memory/bulk/plan-bulk.ts";
import { bulkExecutionsRunning } from "../../lib/memory/bulk/running-executions.ts";
import { flushInBackground, searchIndexPending } from "../../lib/memory/search/flush-search-index.ts";
import { notFound } from "../../lib/memory/errors.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * The one bulk-operation lifecycle (lib/memory/bulk) as any operation gets it, shown with
 * operations built from the bulk delete's descriptor with another step: each chunk commits with
 * its report rows, a plan runs once however many executions race for it, a chunk whose store
 * went away is recorded gone, and an operation without a late finder (a restore's shape) does
 * not look again.
 */
const t = useFreshDatabase();

async function folder(paths: string[]) {
  const storeId = await newStore(t.db);
  for (const path of paths) await createMemory(t.db, { storeId, path, content: `note ${path}`, actor: API_ACTOR });
  return storeId;
}
const plan = (operation: BulkOperation<BulkDeletionTypes>, storeId: string) =>
  planBulk(t.db, operation, {
    selection: { filter: { target: "memories", storeId, pathPrefix: "/f/" }, scope: { workspaceId: DEFAULT_WORKSPACE_ID } },
    actor: API_ACTOR,
    workspaceId: DEFAULT_WORKSPACE_ID,
  });
const run = (operation: BulkOperation<BulkDeletionTypes>, id: string, confirmation: string) =>
  executeBulk(t.db, operation, {
    id,
    confirmation,
    actor: API_ACTOR,
    workspaceId: DEFAULT_WORKSPACE_ID,
    check: () => ({ scope: { workspaceId: DEFAULT_WORKSPACE_ID } }),
  });
const outcomes = async (id: string) => Object.fromEntries((await getBulkDeletionItems(t.db.sql, id)).map((i) => [i.label, `${i.kind}:${i.outcome}`]));

describe(`the bulk lifecycle on ${ENGINE}`, () => {
  it("commits each chunk with its report rows: a chunk that fails leaves the ones before it done and the plan running", async () => {
    const storeId = await folder(["/f/a.md", "/f/b.md", "/f/c.md"]);
    const oneByOne: BulkOperation<BulkDeletionTypes> = {
      ...BULK_DELETION,
      chunks: (_plan, items) => items.map((item) => [item]),
      async step(tx, chunk, context) {
        if (chunk[0]!.label === "/f/b.md") throw new Error("the second chunk fails");
        return BULK_DELETION.step(tx, chunk, context);
      },
    };
    const { plan: dry } = await plan(oneByOne, storeId);
    await expect(run(oneByOne, dry.id, confirmationPhrase(dry))).rejects.toThrow("the second chunk fails");
    expect(await outcomes(dry.id)).toEqual({ "/f/a.md": "planned:deleted", "/f/b.md": "planned:planned", "/f/c.md": "planned:planned" });
    const left = await t.db.sql.$queryRaw<{ path: string }[]>`SELECT path FROM memories WHERE store_id = ${storeId} ORDER BY path`;
    expect(left.map((r) => r.path)).toEqual(["/f/b.md", "/f/c.md"]);
    const after = await getBulkDeletion(t.db.sql, dry.id, DEFAULT_WORKSPACE_ID);
    expect(after).toMatchObject({ status: "running", executedBy: API_ACTOR, completedAt: null });
    await expect(run(oneByOne, dry.id, confirmationPhrase(dry))).rejects.toMatchObject({ code: "conflict" });
  });

  it("runs a plan once: of two executions at the same time, one claims it and the other is refused", async () => {
    const storeId = await folder(["/f/a.md", "/f/b.md"]);
    const { bulk } = await planBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      filter: { target: "memories", storeId, pathPrefix: "/f/" },
      actor: API_ACTOR,
    });
    const input = { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, id: bulk.id, digest: bulk.digest, confirmation: confirmationPhrase(bulk), actor: API_ACTOR };
    const results = await Promise.allSettled([executeBulkDeletion(t.db, input), executeBulkDeletion(t.db, input)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "conflict" } });
    expect(await outcomes(bulk.id)).toEqual({ "/f/a.md": "planned:deleted", "/f/b.md": "planned:deleted" });
  });

  it("records a chunk whose store was deleted meanwhile as gone, and completes", async () => {
    const storeId = await folder(["/f/a.md"]);
    const storeGone: BulkOperation<BulkDeletionTypes> = {
      ...BULK_DELETION,
      step: async () => {
        throw notFound(`Memory store ${storeId} not found.`);
      },
    };
    const { plan: dry } = await plan(storeGone, storeId);
    const done = await run(storeGone, dry.id, confirmationPhrase(dry));
    expect(done.plan.status).toBe("completed");
    expect(await outcomes(dry.id)).toEqual({ "/f/a.md": "planned:gone" });
    // The report it answers is the one kept, the gone chunk included.
    expect(done.items).toEqual(await getItems(t.db.sql, BULK_DELETION.items, dry.id));
  });

  it("counts as running until it settles, and the background search flusher waits for it", async () => {
    const storeId = await folder(["/f/a.md", "/f/b.md"]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inStep = new Promise<void>((resolve) => (entered = resolve));
    const held: BulkOperation<BulkDeletionTypes> = {
      ...BULK_DELETION,
      step: async (tx, chunk, context) => {
        entered();
        await gate;
        return BULK_DELETION.step(tx, chunk, context);
      },
    };
    const { plan: dry } = await plan(held, storeId);
    expect(bulkExecutionsRunning()).toBe(false);
    const running = run(held, dry.id, confirmationPhrase(dry));
    await inStep;
    expect(bulkExecutionsRunning()).toBe(true);
    expect(await flushInBackground(t.db)).toBe(0);
    // On SQLite every write waits for the index: the two creates are still waiting.
    if (ENGINE === "sqlite") expect(await searchIndexPending(t.db)).toBe(true);
    release();
    await running;
    expect(bulkExecutionsRunning()).toBe(false);
    if (ENGINE === "sqlite") expect(await flushInBackground(t.db)).toBeGreaterThan(0);

    // One that fails is no longer counted either.
    const other = await folder(["/f/c.md"]);
    const failing: BulkOperation<BulkDeletionTypes> = {
      ...BULK_DELETION,
      step: async () => {
        throw new Error("the disk is gone");
      },
    };
    const { plan: doomed } = await plan(failing, other);
    await expect(run(failing, doomed.id, confirmationPhrase(doomed))).rejects.toThrow("the disk is gone");
    expect(bulkExecutionsRunning()).toBe(false);
  });

  it("an operation without a late finder does not look again: what appeared meanwhile is not reported", async () => {
    const storeId = await folder(["/f/a.md"]);
    const noLate: BulkOperation<BulkDeletionTypes> = { ...BULK_DELETION, late: undefined, countsAfter: undefined };
    const { plan: dry } = await plan(noLate, storeId);
    await createMemory(t.db, { storeId, path: "/f/late.md", content: "late", actor: API_ACTOR });
    const done = await run(noLate, dry.id, confirmationPhrase(dry));
    expect(done.plan).toMatchObject({ status: "completed", countAfter: null });
    expect(await outcomes(dry.id)).toEqual({ "/f/a.md": "planned:deleted" });
    // With the late finder (the bulk delete as it is), the same appearance is reported.
    const { plan: again } = await plan(BULK_DELETION, storeId);
    await createMemory(t.db, { storeId, path: "/f/later.md", content: "later", actor: API_ACTOR });
    await run(BULK_DELETION, again.id, confirmationPhrase(again));
    expect(await outcomes(again.id)).toEqual({ "/f/late.md": "planned:deleted", "/f/later.md": "late:left" });
  });
});
