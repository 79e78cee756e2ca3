import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { checkNewStore, insertStore } from "../../lib/memory/stores/create-store.ts";
import { executeStoreAction, getStoreAction, listStoreActions, planStoreAction } from "../../lib/memory/store-actions/run-store-action.ts";
import { createEndpoint } from "../../lib/memory/webhooks/manage-endpoints.ts";
import {
  getLifecycleRule,
  LIFECYCLE_ACTOR,
  previewLifecycleSweep,
  setLifecycleRule,
  sweepLifecycleRules,
} from "../../lib/memory/store-actions/lifecycle-rule.ts";
import { ENGINE, useFreshDatabase } from "./database.ts";

/**
 * Bulk store actions (issue 43, part 2): archive or delete what an id list or a store_search
 * filter selects, through the bulk lifecycle; conditional on what the dry run saw.
 */
const t = useFreshDatabase();
const ADMIN: Actor = { type: "user_actor", user_id: "user_fleet_admin" };
const DAY = 86_400_000;

async function newWorkspace(): Promise<string> {
  const id = `wrkspc_${Math.random().toString(36).slice(2).padEnd(26, "0").slice(0, 26)}`;
  await t.db.sqlTransaction((tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, created_at) VALUES (${id}, ${id}, ${new Date()})`);
  return id;
}

/** A store last written `idleDays` ago (null: never written, created 400 days ago). */
async function storeIdle(workspaceId: string, name: string, idleDays: number | null): Promise<string> {
  return t.db.sqlTransaction(async (tx) => {
    const store = await insertStore(tx, checkNewStore({ name, metadata: { fleet: "yes" }, workspaceId }));
    const last = idleDays === null ? null : new Date(Date.now() - idleDays * DAY);
    await tx.$executeRaw`UPDATE memory_stores SET last_memory_write_at = ${last}, created_at = ${new Date(Date.now() - 400 * DAY)} WHERE id = ${store.id}`;
    return store.id;
  });
}

const statusOf = async (storeId: string) => {
  const [row] = await t.db.sql.$queryRaw<{ archived_at: unknown }[]>`SELECT archived_at FROM memory_stores WHERE id = ${storeId}`;
  return row ? (row.archived_at === null ? "active" : "archived") : "deleted";
};

describe(`bulk store actions on ${ENGINE}`, () => {
  it("archives the idle stores a filter selects, leaving one written after the dry run (late) and reporting one idle since (left)", async () => {
    const workspaceId = await newWorkspace();
    const scope = { workspaceId };
    const idle = await storeIdle(workspaceId, "idle a", 200);
    const never = await storeIdle(workspaceId, "never written", null);
    const writtenSince = await storeIdle(workspaceId, "written after the dry run", 300);
    const busy = await storeIdle(workspaceId, "busy", 2);
    await createEndpoint(t.db, { url: "https://hooks.example.com/fleet", events: ["memory_store.archived"], storeId: null, enabled: true, workspaceId }, ADMIN);

    const filter = { archived: "exclude" as const, idleDays: 180 };
    const { plan, items } = await planStoreAction(t.db, { action: "archive", selection: { filter }, actor: ADMIN, scope });
    expect(plan).toMatchObject({ status: "planned", countBefore: 3, action: "archive" });
    expect(items.map((i) => i.name).sort()).toEqual(["idle a", "never written", "written after the dry run"]);

    await createMemory(t.db, { storeId: writtenSince, path: "/now.md", content: "still in use", actor: ADMIN });
    const lateIdle = await storeIdle(workspaceId, "idle since the dry run", 365);
    await expect(executeStoreAction(t.db, { action: "archive", id: plan.id, confirmation: "archive 2 stores", actor: ADMIN, scope })).rejects.toMatchObject({
      code: "invalid_request",
    });
    const done = await executeStoreAction(t.db, { action: "archive", id: plan.id, confirmation: "archive 3 stores", actor: ADMIN, scope });
    expect(Object.fromEntries(done.items.map((i) => [i.name, `${i.kind}:${i.outcome}`]))).toEqual({
      "idle a": "planned:archived",
      "never written": "planned:archived",
      "written after the dry run": "planned:late",
      "idle since the dry run": "late:left",
    });
    expect(done.plan).toMatchObject({ status: "completed", countAfter: 1 });
    expect([await statusOf(idle), await statusOf(never), await statusOf(writtenSince), await statusOf(busy), await statusOf(lateIdle)]).toEqual([
      "archived",
      "archived",
      "active",
      "active",
      "active",
    ]);
    // As a single archive: a webhook event each, and one audit event for the execution.
    const events = await t.db.sql.$queryRaw<
      { store_id: string }[]
    >`SELECT store_id FROM webhook_events WHERE type = 'memory_store.archived' AND store_id IN (${idle}, ${never}, ${writtenSince})`;
    expect(events.map((e) => e.store_id).sort()).toEqual([idle, never].sort());
    const audit = await t.db.sql.$queryRaw<{ target_id: string }[]>`SELECT target_id FROM audit_events WHERE action = 'store_archival.executed'`;
    expect(audit.map((a) => a.target_id)).toContain(plan.id);
    // Once only.
    await expect(executeStoreAction(t.db, { action: "archive", id: plan.id, confirmation: "archive 3 stores", actor: ADMIN, scope })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await listStoreActions(t.db, "archive", { limit: 10, workspaceId })).items.map((p) => p.id)).toEqual([plan.id]);
  });

  it("deletes the stores an id list names, with their memories; one deleted meanwhile is gone", async () => {
    const workspaceId = await newWorkspace();
    const scope = { workspaceId };
    const a = await storeIdle(workspaceId, "a", 10);
    const b = await storeIdle(workspaceId, "b", 10);
    for (let i = 0; i < 30; i++) await createMemory(t.db, { storeId: a, path: `/m${i}.md`, content: `memory ${i}`, actor: ADMIN });
    const { plan, items } = await planStoreAction(t.db, { action: "delete", selection: { storeIds: [a, b, a] }, actor: ADMIN, scope });
    expect(plan).toMatchObject({ countBefore: 2, memoriesBefore: 30 });
    expect(items.find((i) => i.storeId === a)).toMatchObject({ memoryCount: 30, contentBytes: expect.any(Number) });
    const gone = await planStoreAction(t.db, { action: "delete", selection: { storeIds: [b] }, actor: ADMIN, scope });
    await executeStoreAction(t.db, { action: "delete", id: gone.plan.id, confirmation: "delete 1 store", actor: ADMIN, scope });
    const done = await executeStoreAction(t.db, { action: "delete", id: plan.id, confirmation: "delete 2 stores", actor: ADMIN, scope });
    expect(Object.fromEntries(done.items.map((i) => [i.name, i.outcome]))).toEqual({ a: "deleted", b: "gone" });
    expect(await statusOf(a)).toBe("deleted");
    const [left] = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_versions WHERE store_id = ${a}`;
    expect(Number(left!.n)).toBe(0);
    expect((await getStoreAction(t.db, "delete", plan.id, workspaceId)).items).toHaveLength(2);
  });

  it("refuses an empty filter, an unknown store, another workspace's store and its reports", async () => {
    const workspaceId = await newWorkspace();
    const other = await newWorkspace();
    const theirs = await storeIdle(other, "theirs", 400);
    const scope = { workspaceId };
    await expect(planStoreAction(t.db, { action: "archive", selection: { filter: { archived: "exclude" } }, actor: ADMIN, scope })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(planStoreAction(t.db, { action: "delete", selection: { storeIds: [] }, actor: ADMIN, scope })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(planStoreAction(t.db, { action: "delete", selection: { storeIds: [theirs] }, actor: ADMIN, scope })).rejects.toMatchObject({
      code: "not_found",
    });
    // A filter never reaches into another workspace.
    const mine = await planStoreAction(t.db, { action: "archive", selection: { filter: { archived: "exclude", idleDays: 1 } }, actor: ADMIN, scope });
    expect(mine.items).toEqual([]);
    const { plan } = await planStoreAction(t.db, { action: "archive", selection: { storeIds: [theirs] }, actor: ADMIN, scope: { workspaceId: other } });
    await expect(getStoreAction(t.db, "archive", plan.id, workspaceId)).rejects.toMatchObject({ code: "not_found" });
    await expect(executeStoreAction(t.db, { action: "archive", id: plan.id, confirmation: "archive 1 store", actor: ADMIN, scope })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await statusOf(theirs)).toBe("active");
  });
});

describe(`the lifecycle rule on ${ENGINE}`, () => {
  it("is off by default; once on, its preview lists the idle stores and the sweep archives them as a bulk archival would", async () => {
    const workspaceId = await newWorkspace();
    const old = await storeIdle(workspaceId, "idle 100 days", 100);
    const recent = await storeIdle(workspaceId, "idle 10 days", 10);
    expect(await getLifecycleRule(t.db, workspaceId)).toEqual({ archiveAfterIdleDays: null });
    expect(await previewLifecycleSweep(t.db, workspaceId)).toEqual([]);
    expect((await sweepLifecycleRules(t.db)).filter((r) => r.workspaceId === workspaceId)).toEqual([]);

    await expect(setLifecycleRule(t.db, { workspaceId, archiveAfterIdleDays: 0, actor: ADMIN })).rejects.toMatchObject({ code: "invalid_request" });
    await setLifecycleRule(t.db, { workspaceId, archiveAfterIdleDays: 90, actor: ADMIN });
    expect((await previewLifecycleSweep(t.db, workspaceId)).map((s) => s.name)).toEqual(["idle 100 days"]);
    const reports = (await sweepLifecycleRules(t.db)).filter((r) => r.workspaceId === workspaceId);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ origin: "lifecycle", status: "completed", countBefore: 1, createdBy: LIFECYCLE_ACTOR });
    expect([await statusOf(old), await statusOf(recent)]).toEqual(["archived", "active"]);
    const { items } = await getStoreAction(t.db, "archive", reports[0]!.id, workspaceId);
    expect(items.map((i) => `${i.name}:${i.outcome}`)).toEqual(["idle 100 days:archived"]);
    // Nothing due: nothing recorded.
    expect((await sweepLifecycleRules(t.db)).filter((r) => r.workspaceId === workspaceId)).toEqual([]);
    expect((await listStoreActions(t.db, "archive", { limit: 10, workspaceId })).items).toHaveLength(1);
  });
});
