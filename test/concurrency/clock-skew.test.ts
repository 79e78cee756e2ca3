import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRawDb } from "../helpers/database.ts";
import { problemsSeenInDatabase, problemsSeenThroughApi } from "../helpers/invariants.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * Version ids are time-ordered and "newest first" is id order. Two app instances do not share
 * a clock: a version written a moment ago by an instance whose clock runs ahead (or in the
 * same millisecond with a larger random part) has a larger id than the one this instance is
 * about to write. The next version must still sort after it, or memory_version_id would no
 * longer be the newest version (invariant 2). The head version's id is moved one minute into
 * the future in the database to stand for that other instance.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
function futureId(prefix: string, msAhead: number): string {
  let ms = Date.now() + msAhead;
  let time = "";
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  return `${prefix}_${time}${"Z".repeat(16)}`;
}

async function moveHeadVersionIntoTheFuture(memoryId: string, headId: string): Promise<string> {
  const db = await openRawDb(server.databaseUrl);
  try {
    const ahead = futureId("memver", 60_000);
    await db.query("UPDATE memory_versions SET id = ? WHERE id = ?", [ahead, headId]);
    // The other instance would have indexed its version under its own id (SQLite's index keys by version id).
    if (db.engine === "sqlite") {
      await db.query("UPDATE search_keys SET version_id = ? WHERE version_id = ?", [ahead, headId]);
      await db.query("UPDATE search_pending SET version_id = ? WHERE version_id = ?", [ahead, headId]);
    }
    await db.query("UPDATE memories SET memory_version_id = ? WHERE id = ?", [ahead, memoryId]);
    return ahead;
  } finally {
    await db.close();
  }
}

describe("versions written after one from an instance whose clock runs ahead", () => {
  it("POST /v1/memory_stores/{store}/memories/{memory}: the new version is still the newest", async () => {
    const api = server.client.beta.memoryStores;
    const store = await api.create({ name: "Clock skew" });
    const memory = await api.memories.create(store.id, { path: "/skew.md", content: "written by the other instance" });
    const ahead = await moveHeadVersionIntoTheFuture(memory.id, memory.memory_version_id);

    const updated = await api.memories.update(memory.id, { memory_store_id: store.id, content: "written here, later" });
    const versions = await api.memoryVersions.list(store.id, { memory_id: memory.id });
    expect(versions.data.map((v) => v.id)).toEqual([updated.memory_version_id, ahead]);
    expect(updated.memory_version_id > ahead).toBe(true);
    expect(await problemsSeenThroughApi(server, store.id)).toEqual([]);
  });

  it("DELETE /v1/memory_stores/{store}/memories/{memory}: the deleted version is the newest", async () => {
    const api = server.client.beta.memoryStores;
    const store = await api.create({ name: "Clock skew delete" });
    const memory = await api.memories.create(store.id, { path: "/gone.md", content: "soon deleted" });
    const ahead = await moveHeadVersionIntoTheFuture(memory.id, memory.memory_version_id);

    await api.memories.delete(memory.id, { memory_store_id: store.id });
    const versions = await api.memoryVersions.list(store.id, { memory_id: memory.id });
    expect(versions.data.map((v) => v.operation)).toEqual(["deleted", "created"]);
    expect(versions.data[1]!.id).toBe(ahead);
    expect(await problemsSeenInDatabase(server.databaseUrl)).toEqual([]);
  });
});
