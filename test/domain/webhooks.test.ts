import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import { MemoryError } from "../../lib/memory/errors.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { insertMemories, insertMemory } from "../../lib/memory/memories/mutations.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { claimDueDeliveries, recordDeliveryOutcome } from "../../lib/memory/webhooks/claim-deliveries.ts";
import { listDeliveries } from "../../lib/memory/webhooks/deliveries.ts";
import { pruneWebhookLog } from "../../lib/memory/webhooks/prune-webhooks.ts";
import { createEndpoint, deleteEndpoint } from "../../lib/memory/webhooks/manage-endpoints.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

// The webhook outbox and the delivery lease, on lib/memory directly (both engines): events are
// written in the change's transaction (and vanish with it), and a claimed attempt belongs to
// one worker until its lease expires.
const t = useFreshDatabase();
const POLICY = { maxAttempts: 3, baseSeconds: 60, maxSeconds: 600 };

async function endpointFor(storeId: string, events: ("memory.created" | "memory.deleted")[] = ["memory.created"]) {
  return (await createEndpoint(t.db, { url: "https://hooks.example.com/x", events, storeId, enabled: true, workspaceId: DEFAULT_WORKSPACE_ID }, API_ACTOR))
    .endpoint;
}

describe("webhook outbox", () => {
  it("an event and its delivery are written with the change, and rolled back with it", async () => {
    const storeId = await newStore(t.db);
    const endpoint = await endpointFor(storeId);
    await createMemory(t.db, { storeId, path: "/a.md", content: "a", actor: API_ACTOR });
    await expect(
      t.db.sqlTransaction(async (tx) => {
        await lockStore(tx, storeId);
        await insertMemory(tx, storeId, { path: "/b.md", content: "b" }, API_ACTOR);
        throw new MemoryError("conflict", "rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    const { items } = await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: endpoint.id, limit: 10 });
    expect(items.map((d) => [d.eventType, d.status])).toEqual([["memory.created", "pending"]]);
    await deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID);
  });

  it("only endpoints subscribed to the event and the store get a delivery", async () => {
    const storeId = await newStore(t.db);
    const other = await newStore(t.db);
    const deletesOnly = await endpointFor(storeId, ["memory.deleted"]);
    const otherStore = await endpointFor(other);
    await createMemory(t.db, { storeId, path: "/a.md", content: "a", actor: API_ACTOR });
    expect((await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: deletesOnly.id, limit: 10 })).items).toEqual([]);
    expect((await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: otherStore.id, limit: 10 })).items).toEqual([]);
    await Promise.all([deleteEndpoint(t.db, deletesOnly.id, DEFAULT_WORKSPACE_ID), deleteEndpoint(t.db, otherStore.id, DEFAULT_WORKSPACE_ID)]);
  });
});

describe("batched writes", () => {
  it("an import's batch of creates announces each memory, like one-by-one creates", async () => {
    const storeId = await newStore(t.db);
    const endpoint = await endpointFor(storeId);
    const written = await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      return insertMemories(
        tx,
        storeId,
        [
          { path: "/x.md", content: "x" },
          { path: "/y.md", content: "y" },
          { path: "/z.md", content: "z" },
        ],
        API_ACTOR,
      );
    });
    const { items } = await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: endpoint.id, limit: 10 });
    expect(items.map((d) => d.eventType)).toEqual(["memory.created", "memory.created", "memory.created"]);
    const [event] = await t.db.sql.$queryRaw<{ payload: string }[]>`SELECT payload FROM webhook_events WHERE store_id = ${storeId} ORDER BY id LIMIT 1`;
    expect(JSON.parse(event!.payload).data).toMatchObject({
      type: "memory.created",
      id: written[0]!.id,
      path: "/x.md",
      memory_version_id: written[0]!.memoryVersionId,
    });
    await deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID);
  });
});

describe("deleting an endpoint", () => {
  it("deletes all its deliveries, however many (in batches)", async () => {
    const storeId = await newStore(t.db);
    const endpoint = await endpointFor(storeId);
    for (let i = 0; i < 260; i++) await createMemory(t.db, { storeId, path: `/d${i}.md`, content: "x", actor: API_ACTOR });
    expect((await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: endpoint.id, limit: 1000 })).items).toHaveLength(260);
    await deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID);
    expect((await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: endpoint.id, limit: 1000 })).items).toHaveLength(0);
    await expect(deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("delivery lease", () => {
  it("two workers claiming at once never take the same attempt; an expired lease is claimed again", async () => {
    const storeId = await newStore(t.db);
    const endpoint = await endpointFor(storeId);
    for (let i = 0; i < 12; i++) await createMemory(t.db, { storeId, path: `/m${i}.md`, content: `${i}`, actor: API_ACTOR });
    const [a, b] = await Promise.all([
      claimDueDeliveries(t.db, { owner: "a", leaseSeconds: 60, limit: 8 }),
      claimDueDeliveries(t.db, { owner: "b", leaseSeconds: 60, limit: 8 }),
    ]);
    const ids = [...a, ...b].map((d) => d.id);
    expect([a.length, b.length].every((n) => n <= 8)).toBe(true);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(await claimDueDeliveries(t.db, { owner: "c", leaseSeconds: 60, limit: 100 })).toEqual([]);

    // Worker a dies; after its lease, c claims a's deliveries as attempt 2, and a's late outcome is ignored.
    const later = new Date(Date.now() + 61_000);
    const retaken = await claimDueDeliveries(t.db, { owner: "c", leaseSeconds: 60, limit: 100, now: later });
    expect(retaken.map((d) => d.id).sort()).toEqual(ids.sort());
    expect(retaken.every((d) => d.attempt === 2)).toBe(true);
    const first = a[0]!;
    expect(await recordDeliveryOutcome(t.db, first, "a", { ok: true, statusCode: 200, error: null }, POLICY)).toBe(0);
    expect(
      await recordDeliveryOutcome(
        t.db,
        retaken.find((d) => d.id === first.id)!,
        "c",
        { ok: false, statusCode: 503, error: "HTTP 503" },
        POLICY,
      ),
    ).toBe(1);
    const [row] = (await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: endpoint.id, limit: 100 })).items.filter(
      (d) => d.id === first.id,
    );
    expect(row).toMatchObject({ status: "pending", attemptCount: 2, lastStatusCode: 503, lastError: "HTTP 503" });
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 3 * 60_000); // backoff after attempt 2: ~4 min
    await deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID);
  });
});

describe("delivery log retention", () => {
  it("prunes finished deliveries and their events past the cutoff, keeps pending ones", async () => {
    const storeId = await newStore(t.db);
    const endpoint = await endpointFor(storeId);
    await createMemory(t.db, { storeId, path: "/done.md", content: "d", actor: API_ACTOR });
    const [done] = await claimDueDeliveries(t.db, { owner: "w", leaseSeconds: 60, limit: 1 });
    await recordDeliveryOutcome(t.db, done!, "w", { ok: true, statusCode: 200, error: null }, POLICY);
    await createMemory(t.db, { storeId, path: "/pending.md", content: "p", actor: API_ACTOR });
    expect((await pruneWebhookLog(t.db, { retentionDays: 30 })).deleted).toBe(0);
    expect((await pruneWebhookLog(t.db, { retentionDays: 30, now: new Date(Date.now() + 31 * 86_400_000) })).deleted).toBeGreaterThanOrEqual(2); // earlier tests leave events too
    const left = (await listDeliveries(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, endpointId: endpoint.id, limit: 10 })).items;
    expect(left.map((d) => d.status)).toEqual(["pending"]);
    await deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID);
  });

  it("a batch of 500 creates reaches each of 20 endpoints (10,000 deliveries, more arguments than one statement takes)", async () => {
    const storeId = await newStore(t.db);
    const endpoints = [];
    for (let i = 0; i < 20; i++) endpoints.push(await endpointFor(storeId));
    await t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, storeId);
      const states = Array.from({ length: 500 }, (_, i) => ({ path: `/many/${i}.md`, content: `${i}` }));
      return insertMemories(tx, storeId, states, API_ACTOR);
    });
    const [row] = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`
      SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.store_id = ${storeId}`;
    expect(Number(row!.n)).toBe(500 * 20);
    for (const endpoint of endpoints) await deleteEndpoint(t.db, endpoint.id, DEFAULT_WORKSPACE_ID);
  }, 60_000);
});
