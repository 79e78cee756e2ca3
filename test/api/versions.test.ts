import { beforeAll, describe, expect, it } from "vitest";
import { collect, expectApiError, expectEnvelope, newStore, sha256, sleep, type MemoryVersion } from "../helpers/api.ts";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const memories = () => server.client.beta.memoryStores.memories;
const versions = () => server.client.beta.memoryStores.memoryVersions;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

async function historyOf(storeId: string, memoryId: string) {
  return (await versions().list(storeId, { memory_id: memoryId, limit: 100, view: "full" })).data;
}

/** The id the server records for the admin key: read from the first version it writes. */
async function adminKeyId(): Promise<string> {
  const store = await newStore(server);
  const memory = await memories().create(store.id, { path: "/whoami", content: "" });
  const [version] = await historyOf(store.id, memory.id);
  const actor = version!.created_by as { type: string; api_key_id: string };
  return actor.api_key_id;
}

describe("versions written by memory changes", () => {
  it("create, modify and delete each write exactly one version of the right operation", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "one" });
    expect((await historyOf(store.id, memory.id)).map((v) => v.operation)).toEqual(["created"]);
    await memories().update(memory.id, { memory_store_id: store.id, content: "two" });
    expect((await historyOf(store.id, memory.id)).map((v) => v.operation)).toEqual(["modified", "created"]);
    await memories().delete(memory.id, { memory_store_id: store.id });
    expect((await historyOf(store.id, memory.id)).map((v) => v.operation)).toEqual(["deleted", "modified", "created"]);
  });

  it("records path, content, sha and size on each version", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "één" });
    await memories().update(memory.id, { memory_store_id: store.id, content: "twee" });
    const [modified, created] = await historyOf(store.id, memory.id);
    expect(created).toMatchObject({
      type: "memory_version",
      memory_store_id: store.id,
      memory_id: memory.id,
      operation: "created",
      path: "/a.md",
      content: "één",
      content_sha256: sha256("één"),
      content_size_bytes: 5,
      redacted_at: null,
      redacted_by: null,
    });
    expect(created!.id).toMatch(/^memver_/);
    expect(created!.created_at).toMatch(ISO);
    expect(modified).toMatchObject({ operation: "modified", path: "/a.md", content: "twee", content_sha256: sha256("twee"), content_size_bytes: 4 });
  });

  it("a rename writes one modified version with the new path and the same content", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/old.md", content: "same" });
    await memories().update(memory.id, { memory_store_id: store.id, path: "/new/place.md" });
    const [renamed, created] = await historyOf(store.id, memory.id);
    expect(created).toMatchObject({ operation: "created", path: "/old.md" });
    expect(renamed).toMatchObject({ operation: "modified", path: "/new/place.md", content: "same", content_sha256: sha256("same") });
  });

  it("an update that changes nothing writes no version", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "same" });
    const noop = [{ content: "same" }, { path: "/a.md" }, { content: "same", path: "/a.md" }, {}, { content: null, path: null }];
    for (const change of noop) {
      const res = await server.fetch(`/v1/memory_stores/${store.id}/memories/${memory.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(change),
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ memory_version_id: memory.memory_version_id, updated_at: memory.updated_at });
    }
    expect(await historyOf(store.id, memory.id)).toHaveLength(1);
  });

  it("keeps memory.memory_version_id equal to the newest version's id", async () => {
    const store = await newStore(server);
    const newest = async (memoryId: string) => (await historyOf(store.id, memoryId))[0]!.id;
    const memory = await memories().create(store.id, { path: "/a.md", content: "1" });
    expect(memory.memory_version_id).toBe(await newest(memory.id));
    const modified = await memories().update(memory.id, { memory_store_id: store.id, content: "2" });
    expect(modified.memory_version_id).toBe(await newest(memory.id));
    const renamed = await memories().update(memory.id, { memory_store_id: store.id, path: "/b.md" });
    expect(renamed.memory_version_id).toBe(await newest(memory.id));
    const read = await memories().retrieve(memory.id, { memory_store_id: store.id });
    expect(read.memory_version_id).toBe(await newest(memory.id));
    const listed = (await memories().list(store.id)).data[0] as { memory_version_id: string };
    expect(listed.memory_version_id).toBe(await newest(memory.id));
  });

  it("a deleted version has null content, sha and size but keeps the path", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/gone.md", content: "bye" });
    await memories().update(memory.id, { memory_store_id: store.id, path: "/moved.md" });
    await memories().delete(memory.id, { memory_store_id: store.id });
    const [deleted] = await historyOf(store.id, memory.id);
    expect(deleted).toMatchObject({ operation: "deleted", path: "/moved.md", content: null, content_sha256: null, content_size_bytes: null });
    const retrieved = await versions().retrieve(deleted!.id, { memory_store_id: store.id });
    expect(retrieved).toMatchObject({ operation: "deleted", path: "/moved.md", content: null, content_sha256: null, content_size_bytes: null });
  });

  it("versions outlive their memory and stay retrievable", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "kept" });
    await memories().delete(memory.id, { memory_store_id: store.id });
    const created = (await historyOf(store.id, memory.id)).find((v) => v.operation === "created")!;
    const retrieved = await versions().retrieve(created.id, { memory_store_id: store.id });
    expect(retrieved).toMatchObject({ memory_id: memory.id, content: "kept", path: "/a.md" });
  });

  it("records created_by as api_actor with the admin key's stable api_key_id", async () => {
    const store = await newStore(server);
    const a = await memories().create(store.id, { path: "/a", content: "" });
    await memories().update(a.id, { memory_store_id: store.id, content: "x" });
    await memories().delete(a.id, { memory_store_id: store.id });
    // Over the other header form, too: the same key is the same actor.
    const viaHeader = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": ADMIN_KEY },
      body: JSON.stringify({ path: "/b", content: "" }),
    });
    expect(viaHeader.status).toBe(200);
    const all = await collect(versions().list(store.id));
    expect(all).toHaveLength(4);
    const actors = all.map((v) => v.created_by);
    const first = actors[0] as { type: string; api_key_id: string };
    expect(first.type).toBe("api_actor");
    expect(first.api_key_id).toMatch(/^apikey_/);
    expect(first.api_key_id).not.toContain(ADMIN_KEY);
    for (const actor of actors) expect(actor).toEqual({ type: "api_actor", api_key_id: first.api_key_id });
    expect(await adminKeyId()).toBe(first.api_key_id);
  });
});

describe("GET /v1/memory_stores/{store}/memory_versions", () => {
  /** A store with a known history: a created/modified/deleted, b created/modified(rename). */
  async function history() {
    const store = await newStore(server);
    const a = await memories().create(store.id, { path: "/a", content: "a1" });
    await sleep(5);
    const b = await memories().create(store.id, { path: "/b", content: "b1" });
    await sleep(5);
    await memories().update(a.id, { memory_store_id: store.id, content: "a2" });
    await sleep(5);
    await memories().update(b.id, { memory_store_id: store.id, path: "/c" });
    await sleep(5);
    await memories().delete(a.id, { memory_store_id: store.id });
    return { store, a, b };
  }

  it("lists a store's versions newest first", async () => {
    const { store, a, b } = await history();
    const all = (await versions().list(store.id)).data;
    expect(all.map((v) => [v.memory_id, v.operation])).toEqual([
      [a.id, "deleted"],
      [b.id, "modified"],
      [a.id, "modified"],
      [b.id, "created"],
      [a.id, "created"],
    ]);
    const times = all.map((v) => Date.parse(v.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("defaults to view=basic (content null, sha and size set) and returns content with view=full", async () => {
    const { store, b } = await history();
    const basic = (await versions().list(store.id, { memory_id: b.id })).data;
    expect(basic.map((v) => [v.content, v.content_sha256, v.content_size_bytes])).toEqual([
      [null, sha256("b1"), 2],
      [null, sha256("b1"), 2],
    ]);
    const full = (await versions().list(store.id, { memory_id: b.id, view: "full" })).data;
    expect(full.map((v) => v.content)).toEqual(["b1", "b1"]);
  });

  it("filters by memory_id, also after the memory was deleted", async () => {
    const { store, a, b } = await history();
    const ofA = (await versions().list(store.id, { memory_id: a.id })).data;
    expect(ofA.map((v) => v.operation)).toEqual(["deleted", "modified", "created"]);
    expect(ofA.every((v) => v.memory_id === a.id)).toBe(true);
    const ofB = (await versions().list(store.id, { memory_id: b.id })).data;
    expect(ofB.map((v) => v.operation)).toEqual(["modified", "created"]);
    expect((await versions().list(store.id, { memory_id: "mem_01AAAAAAAAAAAAAAAAAAAAAAAA" })).data).toEqual([]);
  });

  it("filters by operation", async () => {
    const { store, a, b } = await history();
    const ops = async (operation: "created" | "modified" | "deleted") =>
      (await versions().list(store.id, { operation })).data.map((v) => [v.memory_id, v.operation]);
    expect(await ops("created")).toEqual([
      [b.id, "created"],
      [a.id, "created"],
    ]);
    expect(await ops("modified")).toEqual([
      [b.id, "modified"],
      [a.id, "modified"],
    ]);
    expect(await ops("deleted")).toEqual([[a.id, "deleted"]]);
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${store.id}/memory_versions?operation=renamed`), 400, "invalid_request_error");
  });

  it("filters by api_key_id and session_id", async () => {
    const { store } = await history();
    const keyId = await adminKeyId();
    expect((await versions().list(store.id, { api_key_id: keyId })).data).toHaveLength(5);
    expect((await versions().list(store.id, { api_key_id: "apikey_01AAAAAAAAAAAAAAAAAAAAAAAA" })).data).toEqual([]);
    expect((await versions().list(store.id, { session_id: "sesn_01AAAAAAAAAAAAAAAAAAAAAAAA" })).data).toEqual([]);
  });

  it("filters by created_at[gte] and created_at[lte] (inclusive)", async () => {
    const { store } = await history();
    const all = (await versions().list(store.id)).data; // newest first
    const middle = all[2]!;
    const gte = (await versions().list(store.id, { "created_at[gte]": middle.created_at })).data;
    expect(gte.map((v) => v.id)).toEqual(all.slice(0, 3).map((v) => v.id));
    const lte = (await versions().list(store.id, { "created_at[lte]": middle.created_at })).data;
    expect(lte.map((v) => v.id)).toEqual(all.slice(2).map((v) => v.id));
    const both = (await versions().list(store.id, { "created_at[gte]": middle.created_at, "created_at[lte]": middle.created_at })).data;
    expect(both.map((v) => v.id)).toEqual([middle.id]);
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${store.id}/memory_versions?created_at%5Blte%5D=not-a-time`), 400, "invalid_request_error");
  });

  it("combines filters", async () => {
    const { store, a } = await history();
    const modifiedA = (await versions().list(store.id, { memory_id: a.id, operation: "modified" })).data;
    expect(modifiedA.map((v) => [v.memory_id, v.operation])).toEqual([[a.id, "modified"]]);
  });

  it("pages newest first with every version exactly once (by hand and with auto-pagination)", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/counter", content: "0" });
    for (let i = 1; i <= 24; i++) await memories().update(memory.id, { memory_store_id: store.id, content: String(i) });
    const all = (await versions().list(store.id, { limit: 100 })).data;
    expect(all).toHaveLength(25);
    expect((await versions().list(store.id)).data).toHaveLength(20);

    const seen: MemoryVersion[] = [];
    let page = await versions().list(store.id, { limit: 7 });
    for (;;) {
      expect(page.data.length).toBeLessThanOrEqual(7);
      seen.push(...page.data);
      if (!page.next_page) break;
      page = await versions().list(store.id, { limit: 7, page: page.next_page });
    }
    expect(seen.map((v) => v.id)).toEqual(all.map((v) => v.id));
    const auto = await collect(versions().list(store.id, { limit: 4 }));
    expect(auto.map((v) => v.id)).toEqual(all.map((v) => v.id));
    // Newest first: the contents count down.
    const contents = (await collect(versions().list(store.id, { view: "full", limit: 100 }))).map((v) => v.content);
    expect(contents).toEqual(Array.from({ length: 25 }, (_, i) => String(24 - i)));
  });

  it("view=full caps a page at 20 even with limit=100", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/counter", content: "0" });
    for (let i = 1; i <= 21; i++) await memories().update(memory.id, { memory_store_id: store.id, content: String(i) });
    const page = await versions().list(store.id, { view: "full", limit: 100 });
    expect(page.data).toHaveLength(20);
    expect(page.next_page).toEqual(expect.any(String));
    expect(page.data.every((v) => typeof v.content === "string")).toBe(true);
    expect((await versions().list(store.id, { limit: 100 })).data).toHaveLength(22);
  });

  it("refuses limit above 100", async () => {
    const store = await newStore(server);
    await expectApiError(versions().list(store.id, { limit: 101 }), 400, "invalid_request_error");
    expect((await versions().list(store.id, { limit: 100 })).data).toEqual([]);
  });

  it("answers 404 not_found_error for an unknown store", async () => {
    await expectApiError(versions().list("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found_error");
  });
});

describe("GET …/memory_versions?path_prefix= (this project's addition)", () => {
  it("lists the versions whose path starts with the prefix, pages through them, and refuses an empty one", async () => {
    const store = await newStore(server);
    const a = await memories().create(store.id, { path: "/notes/a.md", content: "a" });
    await memories().update(a.id, { memory_store_id: store.id, content: "a2" });
    await memories().create(store.id, { path: "/notes/b.md", content: "b" });
    await memories().create(store.id, { path: "/todo.md", content: "t" });
    const list = (query: Record<string, unknown>) => versions().list(store.id, query as never);
    const listed = await collect(list({ path_prefix: "/notes/", limit: 2 }));
    expect(listed.map((v) => [v.path, v.operation])).toEqual([
      ["/notes/b.md", "created"],
      ["/notes/a.md", "modified"],
      ["/notes/a.md", "created"],
    ]);
    expect((await list({ path_prefix: "/notes/a", memory_id: a.id })).data).toHaveLength(2);
    expect((await list({ path_prefix: "/nothing/" })).data).toEqual([]);
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${store.id}/memory_versions?path_prefix=${"x".repeat(1025)}`), 400, "invalid_request_error");
  });
});

describe("GET /v1/memory_stores/{store}/memory_versions/{version}", () => {
  it("defaults to view=full; view=basic leaves content null with sha and size set", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "abc" });
    const full = await versions().retrieve(memory.memory_version_id, { memory_store_id: store.id });
    expect(full).toMatchObject({ id: memory.memory_version_id, content: "abc", content_sha256: sha256("abc"), content_size_bytes: 3 });
    const basic = await versions().retrieve(memory.memory_version_id, { memory_store_id: store.id, view: "basic" });
    expect(basic).toMatchObject({ content: null, content_sha256: sha256("abc"), content_size_bytes: 3 });
  });

  it("answers 404 for an unknown version or a version of another store", async () => {
    const store = await newStore(server);
    const other = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "" });
    await expectApiError(versions().retrieve("memver_01AAAAAAAAAAAAAAAAAAAAAAAA", { memory_store_id: store.id }), 404, "not_found_error");
    await expectApiError(versions().retrieve(memory.memory_version_id, { memory_store_id: other.id }), 404, "not_found_error");
  });
});

describe("POST /v1/memory_stores/{store}/memory_versions/{version}/redact", () => {
  it("refuses the head version of a live memory with 409 conflict_error and changes nothing", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "secret" });
    await expectApiError(versions().redact(memory.memory_version_id, { memory_store_id: store.id }), 409, "conflict_error");
    const version = await versions().retrieve(memory.memory_version_id, { memory_store_id: store.id });
    expect(version).toMatchObject({ content: "secret", path: "/a", redacted_at: null, redacted_by: null });
    // Renaming makes a new head: the old one can then be redacted, the new one still not.
    const renamed = await memories().update(memory.id, { memory_store_id: store.id, path: "/b" });
    await expectApiError(versions().redact(renamed.memory_version_id, { memory_store_id: store.id }), 409, "conflict_error");
  });

  it("redacts an older version: nulls content, path, sha and size, records redacted_at/redacted_by, keeps created_by", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/leak.md", content: "password=hunter2" });
    const updated = await memories().update(memory.id, { memory_store_id: store.id, content: "password=<removed>" });
    const before = await versions().retrieve(memory.memory_version_id, { memory_store_id: store.id });

    const redacted = await versions().redact(memory.memory_version_id, { memory_store_id: store.id });
    expect(redacted).toMatchObject({
      id: memory.memory_version_id,
      memory_id: memory.id,
      operation: "created",
      content: null,
      path: null,
      content_sha256: null,
      content_size_bytes: null,
      created_by: before.created_by,
      created_at: before.created_at,
    });
    expect(redacted.redacted_at).toMatch(ISO);
    expect(redacted.redacted_by).toEqual(before.created_by); // the same admin key redacted it

    const retrieved = await versions().retrieve(memory.memory_version_id, { memory_store_id: store.id });
    expect(retrieved).toEqual(redacted);
    const listed = (await versions().list(store.id, { view: "full" })).data.find((v) => v.id === memory.memory_version_id);
    expect(listed).toMatchObject({ content: null, path: null, content_sha256: null, content_size_bytes: null, redacted_at: redacted.redacted_at });
    // The memory itself is untouched.
    const read = await memories().retrieve(memory.id, { memory_store_id: store.id });
    expect(read).toMatchObject({ content: "password=<removed>", memory_version_id: updated.memory_version_id });
  });

  it("redacts any version of a deleted memory, including its last content and its deleted version", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    await memories().update(memory.id, { memory_store_id: store.id, content: "two" });
    await memories().delete(memory.id, { memory_store_id: store.id });
    const all = await historyOf(store.id, memory.id);
    for (const version of all) {
      const redacted = await versions().redact(version.id, { memory_store_id: store.id });
      expect(redacted).toMatchObject({ operation: version.operation, path: null, content: null, content_sha256: null, content_size_bytes: null });
      expect(redacted.redacted_at).toMatch(ISO);
    }
    expect((await historyOf(store.id, memory.id)).every((v) => v.redacted_at !== null && v.path === null)).toBe(true);
  });

  it("answers 404 for an unknown version", async () => {
    const store = await newStore(server);
    await expectApiError(versions().redact("memver_01AAAAAAAAAAAAAAAAAAAAAAAA", { memory_store_id: store.id }), 404, "not_found_error");
  });
});
