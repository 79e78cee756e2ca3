import { beforeAll, describe, expect, it } from "vitest";
import { collect, expectApiError, expectEnvelope, newStore, sha256, sleep } from "../helpers/api.ts";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const stores = () => server.client.beta.memoryStores;
const memories = () => server.client.beta.memoryStores.memories;
const versions = () => server.client.beta.memoryStores.memoryVersions;

/** A store with one memory at a second version, archived. */
async function archivedStore() {
  const store = await newStore(server, "to archive");
  const memory = await memories().create(store.id, { path: "/notes/a.md", content: "one" });
  const updated = await memories().update(memory.id, { memory_store_id: store.id, content: "two" });
  const other = await memories().create(store.id, { path: "/b.md", content: "b" });
  await sleep(5);
  const archived = await stores().archive(store.id);
  return { store, archived, memory: updated, firstVersionId: memory.memory_version_id, other };
}

describe("POST /v1/memory_stores/{store}/archive", () => {
  it("sets archived_at and moves updated_at", async () => {
    const { store, archived } = await archivedStore();
    expect(archived.id).toBe(store.id);
    expect(archived.archived_at).toEqual(expect.any(String));
    expect(Date.parse(archived.archived_at!)).toBeGreaterThan(Date.parse(store.updated_at));
    expect(Date.parse(archived.updated_at)).toBeGreaterThan(Date.parse(store.updated_at));
    expect(await stores().retrieve(store.id)).toEqual(archived);
  });

  it("is irreversible: archiving again keeps the first archived_at, and nothing un-archives", async () => {
    const { store, archived } = await archivedStore();
    await sleep(5);
    const again = await stores().archive(store.id);
    expect(again.archived_at).toBe(archived.archived_at);
    const res = await server.fetch(`/v1/memory_stores/${store.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ archived_at: null }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await stores().retrieve(store.id)).archived_at).toBe(archived.archived_at);
  });

  it("answers 404 not_found_error for an unknown store", async () => {
    await expectApiError(stores().archive("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found_error");
  });
});

describe("an archived store refuses writes with 409 conflict_error", () => {
  it("refuses memory creates and writes nothing", async () => {
    const { store } = await archivedStore();
    await expectApiError(memories().create(store.id, { path: "/new.md", content: "x" }), 409, "conflict_error");
    expect((await memories().list(store.id)).data.map((m) => m.path)).toEqual(["/b.md", "/notes/a.md"]);
  });

  it("refuses memory updates (content and rename) and writes no version", async () => {
    const { store, memory } = await archivedStore();
    await expectApiError(memories().update(memory.id, { memory_store_id: store.id, content: "three" }), 409, "conflict_error");
    await expectApiError(memories().update(memory.id, { memory_store_id: store.id, path: "/moved.md" }), 409, "conflict_error");
    const read = await memories().retrieve(memory.id, { memory_store_id: store.id });
    expect(read).toMatchObject({ path: "/notes/a.md", content: "two", memory_version_id: memory.memory_version_id });
    expect((await versions().list(store.id, { memory_id: memory.id })).data).toHaveLength(2);
  });

  it("refuses store updates", async () => {
    const { store, archived } = await archivedStore();
    await expectApiError(stores().update(store.id, { name: "renamed" }), 409, "conflict_error");
    await expectApiError(stores().update(store.id, { metadata: { k: "v" } }), 409, "conflict_error");
    expect(await stores().retrieve(store.id)).toEqual(archived);
  });

  it("answers with the standard envelope", async () => {
    const { store } = await archivedStore();
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/x", content: "" }),
    });
    await expectEnvelope(res, 409, "conflict_error");
  });
});

describe("an archived store still allows reads, deletes and redactions", () => {
  it("reads the store, its memories and versions", async () => {
    const { store, memory, archived } = await archivedStore();
    expect((await stores().retrieve(store.id)).archived_at).toBe(archived.archived_at);
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).content).toBe("two");
    expect((await memories().list(store.id, { depth: 1 })).data.map((i) => i.path)).toEqual(["/b.md", "/notes/"]);
    expect((await versions().list(store.id)).data).toHaveLength(3);
    const version = await versions().retrieve(memory.memory_version_id, { memory_store_id: store.id });
    expect(version.content_sha256).toBe(sha256("two"));
  });

  it("is listed only with include_archived=true", async () => {
    const { store } = await archivedStore();
    expect((await collect(stores().list({ limit: 100 }))).map((s) => s.id)).not.toContain(store.id);
    expect((await collect(stores().list({ limit: 100, include_archived: true }))).map((s) => s.id)).toContain(store.id);
  });

  it("deletes memories (with a deleted version) and honours expected_content_sha256", async () => {
    const { store, memory, other } = await archivedStore();
    await expectApiError(
      memories().delete(other.id, { memory_store_id: store.id, expected_content_sha256: sha256("not b") }),
      409,
      "memory_precondition_failed_error",
    );
    await memories().delete(other.id, { memory_store_id: store.id, expected_content_sha256: sha256("b") });
    await memories().delete(memory.id, { memory_store_id: store.id });
    expect((await memories().list(store.id)).data).toEqual([]);
    expect((await versions().list(store.id, { operation: "deleted" })).data).toHaveLength(2);
  });

  it("redacts versions (and still refuses the head of a live memory)", async () => {
    const { store, memory, firstVersionId } = await archivedStore();
    const redacted = await versions().redact(firstVersionId, { memory_store_id: store.id });
    expect(redacted).toMatchObject({ content: null, path: null, content_sha256: null, content_size_bytes: null });
    expect(redacted.redacted_at).toEqual(expect.any(String));
    await expectApiError(versions().redact(memory.memory_version_id, { memory_store_id: store.id }), 409, "conflict_error");
  });

  it("deletes the store", async () => {
    const { store, memory } = await archivedStore();
    expect(await stores().delete(store.id)).toEqual({ id: store.id, type: "memory_store_deleted" });
    await expectApiError(stores().retrieve(store.id), 404, "not_found_error");
    await expectApiError(memories().retrieve(memory.id, { memory_store_id: store.id }), 404, "not_found_error");
  });
});
