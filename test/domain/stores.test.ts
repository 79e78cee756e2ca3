import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { archiveStore } from "../../lib/memory/stores/archive-store.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { listStores } from "../../lib/memory/stores/list-stores.ts";
import { updateStore } from "../../lib/memory/stores/update-store.ts";
import { getVersion } from "../../lib/memory/versions/get-version.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();
const invalid = { code: "invalid_request" };
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("stores", () => {
  it("store name is 1–255 characters without control characters", async () => {
    await expect(createStore(t.db, { name: "" })).rejects.toMatchObject(invalid);
    await expect(createStore(t.db, { name: "n".repeat(256) })).rejects.toMatchObject(invalid);
    await expect(createStore(t.db, { name: "tab\there" })).rejects.toMatchObject(invalid);
    // Characters, not bytes or UTF-16 units: 255 emoji are a valid name.
    expect((await createStore(t.db, { name: "🎉".repeat(255) })).name).toBe("🎉".repeat(255));
  });

  it("store description is at most 1,024 characters", async () => {
    await expect(createStore(t.db, { name: "d", description: "d".repeat(1025) })).rejects.toMatchObject(invalid);
    expect((await createStore(t.db, { name: "d", description: "d".repeat(1024) })).description).toHaveLength(1024);
  });

  it("metadata holds at most 16 pairs, keys 1–64 and values up to 512 characters", async () => {
    const pairs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
    expect(JSON.parse((await createStore(t.db, { name: "m", metadata: pairs(16) })).metadata)).toEqual(pairs(16));
    await expect(createStore(t.db, { name: "m", metadata: pairs(17) })).rejects.toMatchObject(invalid);
    await expect(createStore(t.db, { name: "m", metadata: { ["k".repeat(65)]: "v" } })).rejects.toMatchObject(invalid);
    await expect(createStore(t.db, { name: "m", metadata: { "": "v" } })).rejects.toMatchObject(invalid);
    await expect(createStore(t.db, { name: "m", metadata: { k: "v".repeat(513) } })).rejects.toMatchObject(invalid);
    const storeId = await newStore(t.db);
    await updateStore(t.db, { storeId, metadata: pairs(16) });
    await expect(updateStore(t.db, { storeId, metadata: { extra: "one too many" } })).rejects.toMatchObject(invalid);
  });

  it("store update merges metadata and null removes a key", async () => {
    const { id: storeId } = await createStore(t.db, { name: "merge", metadata: { keep: "1", change: "2", drop: "3" } });
    const updated = await updateStore(t.db, { storeId, metadata: { change: "two", drop: null, add: "4" } });
    expect(JSON.parse(updated.metadata)).toEqual({ keep: "1", change: "two", add: "4" });
  });

  it("updated_at moves on store edits and archive, not on memory changes", async () => {
    const storeId = await newStore(t.db);
    const created = await getStore(t.db.read, storeId);
    await tick();
    const memory = await createMemory(t.db, { storeId, path: "/a.md", content: "a", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "b", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    expect((await getStore(t.db.read, storeId)).updatedAt).toEqual(created.updatedAt);
    // An update that changes nothing is not an edit.
    expect((await updateStore(t.db, { storeId, name: created.name })).updatedAt).toEqual(created.updatedAt);
    const renamed = await updateStore(t.db, { storeId, name: "renamed" });
    expect(renamed.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
    await tick();
    const archived = await archiveStore(t.db, storeId);
    expect(archived.updatedAt.getTime()).toBeGreaterThan(renamed.updatedAt.getTime());
  });

  it("lists hide archived stores unless asked", async () => {
    const live = await newStore(t.db);
    const archived = await newStore(t.db);
    await archiveStore(t.db, archived);
    const ids = async (includeArchived: boolean) =>
      (await listStores(t.db, { includeArchived, limit: 100, scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [live, archived] } })).items.map(
        (s) => s.id,
      );
    expect(await ids(false)).toEqual([live]);
    expect(await ids(true)).toEqual([archived, live]);
  });

  it("deleting a store removes its memories and versions", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/gone.md", content: "x", actor: API_ACTOR });
    await deleteStore(t.db, storeId);
    await expect(getStore(t.db.read, storeId)).rejects.toMatchObject({ code: "not_found" });
    expect(await t.db.read.memoryRecord.count({ where: { storeId } })).toBe(0);
    expect(await t.db.read.memoryVersion.count({ where: { storeId } })).toBe(0);
    await expect(getVersion(t.db.read, storeId, memory.memoryVersionId)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("archive", () => {
  it("archived store refuses memory creates and updates and store updates", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/kept.md", content: "v1", actor: API_ACTOR });
    await archiveStore(t.db, storeId);
    const archived = { code: "conflict", message: expect.stringContaining("archived") };
    await expect(createMemory(t.db, { storeId, path: "/new.md", content: "x", actor: API_ACTOR })).rejects.toMatchObject(archived);
    await expect(updateMemory(t.db, { storeId, memoryId: memory.id, content: "v2", actor: API_ACTOR })).rejects.toMatchObject(archived);
    await expect(updateMemory(t.db, { storeId, memoryId: memory.id, path: "/moved.md", actor: API_ACTOR })).rejects.toMatchObject(archived);
    await expect(updateStore(t.db, { storeId, name: "new name" })).rejects.toMatchObject(archived);
    expect((await getMemory(t.db.sql, storeId, memory.id)).content).toBe("v1");
    expect((await listVersions(t.db, { storeId, withContent: false, limit: 10 })).items).toHaveLength(1);
  });

  it("archived store still allows reads, memory deletes, redaction and store delete", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/a.md", content: "v1", actor: API_ACTOR });
    const changed = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "v2", actor: API_ACTOR });
    await archiveStore(t.db, storeId);
    expect((await getMemory(t.db.sql, storeId, memory.id)).content).toBe("v2");
    const redacted = await redactVersion(t.db, { storeId, versionId: memory.memoryVersionId, actor: API_ACTOR });
    expect(redacted.redactedAt).not.toBeNull();
    await deleteMemory(t.db, { storeId, memoryId: changed.id, actor: API_ACTOR });
    await expect(getMemory(t.db.sql, storeId, memory.id)).rejects.toMatchObject({ code: "not_found" });
    await deleteStore(t.db, storeId);
    await expect(getStore(t.db.read, storeId)).rejects.toMatchObject({ code: "not_found" });
  });

  it("archive is irreversible and archiving twice changes nothing", async () => {
    const storeId = await newStore(t.db);
    const first = await archiveStore(t.db, storeId);
    await tick();
    const second = await archiveStore(t.db, storeId);
    expect(second.archivedAt).toEqual(first.archivedAt);
    expect(second.updatedAt).toEqual(first.updatedAt);
  });
});
