import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRawDb } from "../helpers/database.ts";
import { problemsSeenInDatabase } from "../helpers/invariants.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * Retention: versions older than VERSION_RETENTION_DAYS are deleted, except each live
 * memory's head version; by `npm run prune` and by the periodic task each server starts.
 * Versions are made old by moving their created_at back in the database.
 */
const ROOT = resolve(import.meta.dirname, "../..");
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { RETENTION_INTERVAL_MINUTES: "0", VERSION_RETENTION_DAYS: "30" } });
});
afterAll(() => server?.stop());

/** Moves every version of these memories `days` into the past (in each engine's stored format). */
async function age(memoryIds: string[], days: number) {
  const db = await openRawDb(server.databaseUrl);
  try {
    const placeholders = memoryIds.map(() => "?").join(", ");
    const older = (column: string) =>
      db.engine === "sqlite" ? `strftime('%Y-%m-%dT%H:%M:%f+00:00', ${column}, '-${days} days')` : `${column} - interval '${days} days'`;
    // The time each version names for the one it followed moves with it (migration 0027).
    await db.query(
      `UPDATE memory_versions SET created_at = ${older("created_at")}, previous_created_at = ${older("previous_created_at")} WHERE memory_id IN (${placeholders})`,
      memoryIds,
    );
  } finally {
    await db.close();
  }
}

/** Runs `npm run prune` without blocking this process (so the SDK's idle sockets stay serviced). */
function prune(retentionDays: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn("npm", ["run", "--silent", "prune"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl, VERSION_RETENTION_DAYS: retentionDays },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("close", (status) => resolveRun({ status, stdout, stderr }));
  });
}

async function versionsOf(storeId: string, memoryId: string) {
  const page = await server.client.beta.memoryStores.memoryVersions.list(storeId, { memory_id: memoryId, limit: 100 });
  return page.data;
}

/** A store with: an edited memory, an untouched one, a deleted one; all their versions `days` old. */
async function oldStore(days: number) {
  const api = server.client.beta.memoryStores;
  const store = await api.create({ name: `Versions ${days} days old` });
  // Retention alone: nothing here awaits review (open reviews keep their versions; test/domain/review.test.ts).
  const settings = await server.api.send("updateReviewSettings", { params: { store: store.id }, body: { needs_review: "nobody" } });
  expect(settings.status).toBe(200);
  const edited = await api.memories.create(store.id, { path: "/edited.md", content: "v1" });
  for (const content of ["v2", "v3", "v4"]) await api.memories.update(edited.id, { memory_store_id: store.id, content });
  const untouched = await api.memories.create(store.id, { path: "/untouched.md", content: "only version" });
  const deleted = await api.memories.create(store.id, { path: "/deleted.md", content: "short-lived" });
  await api.memories.delete(deleted.id, { memory_store_id: store.id });
  await age([edited.id, untouched.id, deleted.id], days);
  const head = (await api.memories.retrieve(edited.id, { memory_store_id: store.id })).memory_version_id;
  return { store, edited, untouched, deleted, head };
}

describe("npm run prune", () => {
  it("deletes versions older than VERSION_RETENTION_DAYS except each live memory's head, and keeps recent ones", async () => {
    const old = await oldStore(40);
    const recent = await server.client.beta.memoryStores.memories.create(old.store.id, { path: "/recent.md", content: "r1" });
    await server.client.beta.memoryStores.memories.update(recent.id, { memory_store_id: old.store.id, content: "r2" });

    const run = await prune("30");
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("pruned 5 versions older than 30 days");

    expect((await versionsOf(old.store.id, old.edited.id)).map((v) => v.id)).toEqual([old.head]);
    expect((await versionsOf(old.store.id, old.untouched.id)).map((v) => v.id)).toEqual([old.untouched.memory_version_id]);
    expect(await versionsOf(old.store.id, old.deleted.id)).toEqual([]);
    expect((await versionsOf(old.store.id, recent.id)).map((v) => v.operation)).toEqual(["modified", "created"]);
    // The heads it kept still hold the memories' content.
    const edited = await server.client.beta.memoryStores.memories.retrieve(old.edited.id, { memory_store_id: old.store.id });
    expect(edited.content).toBe("v4");
    expect(await problemsSeenInDatabase(server.databaseUrl)).toEqual([]);
  });

  it("measures age against VERSION_RETENTION_DAYS: 20-day-old versions stay at 30 days and go at 10", async () => {
    const old = await oldStore(20);
    expect((await prune("30")).stdout).toContain("pruned 0 versions older than 30 days");
    expect(await versionsOf(old.store.id, old.edited.id)).toHaveLength(4);
    expect((await prune("10")).stdout).toContain("pruned 5 versions older than 10 days");
    expect((await versionsOf(old.store.id, old.edited.id)).map((v) => v.id)).toEqual([old.head]);
  });
});

describe("the periodic retention task (RETENTION_INTERVAL_MINUTES)", () => {
  it("prunes as soon as a server starts", async () => {
    const old = await oldStore(40);
    const second = await startServer({
      databaseUrl: server.databaseUrl,
      env: { RETENTION_INTERVAL_MINUTES: "60", VERSION_RETENTION_DAYS: "30" },
    });
    try {
      const deadline = Date.now() + 30_000;
      while ((await versionsOf(old.store.id, old.deleted.id)).length > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await versionsOf(old.store.id, old.deleted.id)).toEqual([]);
      expect((await versionsOf(old.store.id, old.edited.id)).map((v) => v.id)).toEqual([old.head]);
      expect(second.log()).toContain("retention: pruned 5 versions older than 30 days");
    } finally {
      await second.stop();
    }
  });
});
