import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, expectApiError, expectEnvelope, newStore, sleep, type MemoryStore } from "../helpers/api.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const stores = () => server.client.beta.memoryStores;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe("POST /v1/memory_stores", () => {
  it("creates a store with the wire fields of the SDK type", async () => {
    const store = await stores().create({ name: "User Preferences", description: "Per-user preferences.", metadata: { user: "u1" } });
    expect(store).toMatchObject({
      type: "memory_store",
      name: "User Preferences",
      description: "Per-user preferences.",
      metadata: { user: "u1" },
      archived_at: null,
    });
    expect(store.id).toMatch(/^memstore_/);
    expect(store.created_at).toMatch(ISO);
    expect(store.updated_at).toBe(store.created_at);
  });

  it("defaults description to an empty string and metadata to {}", async () => {
    const store = await stores().create({ name: "Bare" });
    expect(store.description).toBe("");
    expect(store.metadata).toEqual({});
  });

  it("requires a name", async () => {
    const res = await server.fetch("/v1/memory_stores", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it("accepts names of 1 and 255 characters and refuses 0 and 256", async () => {
    expect((await stores().create({ name: "x" })).name).toBe("x");
    expect((await stores().create({ name: "n".repeat(255) })).name).toHaveLength(255);
    await expectApiError(stores().create({ name: "" }), 400, "invalid_request_error");
    await expectApiError(stores().create({ name: "n".repeat(256) }), 400, "invalid_request_error");
  });

  it("counts name and description length in characters, not UTF-16 units or bytes", async () => {
    expect((await stores().create({ name: "😀".repeat(255), description: "é".repeat(1024) })).name).toBe("😀".repeat(255));
    await expectApiError(stores().create({ name: "😀".repeat(256) }), 400, "invalid_request_error");
  });

  it.each([
    ["a newline", "a\nb"],
    ["a tab", "a\tb"],
    ["NUL", "a\u0000b"],
    ["DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
  ])("refuses a name with %s", async (_, name) => {
    await expectApiError(stores().create({ name }), 400, "invalid_request_error");
  });

  it("accepts a description of 1,024 characters and refuses 1,025", async () => {
    expect((await stores().create({ name: "d", description: "d".repeat(1024) })).description).toHaveLength(1024);
    await expectApiError(stores().create({ name: "d", description: "d".repeat(1025) }), 400, "invalid_request_error");
  });

  it("accepts 16 metadata pairs and refuses 17", async () => {
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, `v${i}`]));
    expect(Object.keys((await stores().create({ name: "m", metadata: sixteen })).metadata)).toHaveLength(16);
    await expectApiError(stores().create({ name: "m", metadata: { ...sixteen, k16: "v" } }), 400, "invalid_request_error");
  });

  it("checks metadata keys (1–64 characters) and values (≤ 512 characters)", async () => {
    expect((await stores().create({ name: "m", metadata: { ["k".repeat(64)]: "v".repeat(512) } })).metadata).toEqual({
      ["k".repeat(64)]: "v".repeat(512),
    });
    await expectApiError(stores().create({ name: "m", metadata: { "": "v" } }), 400, "invalid_request_error");
    await expectApiError(stores().create({ name: "m", metadata: { ["k".repeat(65)]: "v" } }), 400, "invalid_request_error");
    await expectApiError(stores().create({ name: "m", metadata: { k: "v".repeat(513) } }), 400, "invalid_request_error");
  });

  it("refuses non-string metadata values", async () => {
    for (const metadata of [{ k: 1 }, { k: null }, { k: { nested: "x" } }]) {
      const res = await server.fetch("/v1/memory_stores", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "m", metadata }),
      });
      await expectEnvelope(res, 400, "invalid_request_error");
    }
  });
  it("keeps metadata keys that mean something in JavaScript (__proto__, constructor, toString)", async () => {
    // Raw JSON: an object literal with a __proto__ key would set the prototype instead.
    const res = await server.fetch("/v1/memory_stores", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"js keys","metadata":{"__proto__":"p","constructor":"c","a":"1"}}',
    });
    expect(res.status).toBe(200);
    const created = (await res.json()) as { id: string; metadata: Record<string, string> };
    expect(Object.entries(created.metadata)).toEqual([
      ["__proto__", "p"],
      ["constructor", "c"],
      ["a", "1"],
    ]);
    const read = await stores().retrieve(created.id);
    expect(Object.keys(read.metadata).sort()).toEqual(["__proto__", "a", "constructor"]);
  });
});

describe("GET /v1/memory_stores/{store}", () => {
  it("returns the store as created", async () => {
    const created = await stores().create({ name: "Read me", description: "d", metadata: { a: "1" } });
    expect(await stores().retrieve(created.id)).toEqual(created);
  });

  it("answers 404 not_found_error for an unknown store", async () => {
    await expectApiError(stores().retrieve("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found_error");
  });
});

describe("POST /v1/memory_stores/{store}", () => {
  it("changes name and description and leaves fields that are left out", async () => {
    const store = await stores().create({ name: "Old", description: "old", metadata: { a: "1" } });
    const renamed = await stores().update(store.id, { name: "New" });
    expect(renamed).toMatchObject({ name: "New", description: "old", metadata: { a: "1" } });
    const described = await stores().update(store.id, { description: "" });
    expect(described).toMatchObject({ name: "New", description: "", metadata: { a: "1" } });
    expect(await stores().retrieve(store.id)).toEqual(described);
  });

  it("merges metadata: new keys are added, strings replace, null removes, others stay", async () => {
    const store = await stores().create({ name: "Meta", metadata: { keep: "1", replace: "2", remove: "3" } });
    const updated = await stores().update(store.id, { metadata: { replace: "two", remove: null, add: "4" } });
    expect(updated.metadata).toEqual({ keep: "1", replace: "two", add: "4" });
    expect((await stores().retrieve(store.id)).metadata).toEqual({ keep: "1", replace: "two", add: "4" });
  });

  it("merges metadata keys that mean something in JavaScript like any other key", async () => {
    const store = await stores().create({ name: "js keys", metadata: { a: "1" } });
    const update = (metadata: string) =>
      server.fetch(`/v1/memory_stores/${store.id}`, { method: "POST", headers: { "content-type": "application/json" }, body: `{"metadata":${metadata}}` });
    expect((await update('{"__proto__":"p","toString":"t"}')).status).toBe(200);
    expect(Object.keys((await stores().retrieve(store.id)).metadata).sort()).toEqual(["__proto__", "a", "toString"]);
    expect((await update('{"__proto__":null}')).status).toBe(200);
    expect(Object.keys((await stores().retrieve(store.id)).metadata).sort()).toEqual(["a", "toString"]);
  });

  it("counts metadata pairs after the merge (16 allowed, 17 refused, removals make room)", async () => {
    const fifteen = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, "v"]));
    const store = await stores().create({ name: "Full", metadata: fifteen });
    expect(Object.keys((await stores().update(store.id, { metadata: { k15: "v" } })).metadata)).toHaveLength(16);
    await expectApiError(stores().update(store.id, { metadata: { k16: "v" } }), 400, "invalid_request_error");
    const swapped = await stores().update(store.id, { metadata: { k0: null, k16: "v" } });
    expect(Object.keys(swapped.metadata)).toHaveLength(16);
    expect(swapped.metadata).not.toHaveProperty("k0");
  });

  it("applies the create rules to new values and changes nothing when refused", async () => {
    const store = await stores().create({ name: "Rules", metadata: { a: "1" } });
    await expectApiError(stores().update(store.id, { name: "" }), 400, "invalid_request_error");
    await expectApiError(stores().update(store.id, { name: "a\u0007b" }), 400, "invalid_request_error");
    await expectApiError(stores().update(store.id, { name: "n".repeat(256) }), 400, "invalid_request_error");
    await expectApiError(stores().update(store.id, { description: "d".repeat(1025) }), 400, "invalid_request_error");
    await expectApiError(stores().update(store.id, { metadata: { ["k".repeat(65)]: "v" } }), 400, "invalid_request_error");
    await expectApiError(stores().update(store.id, { metadata: { a: "2", b: "v".repeat(513) } }), 400, "invalid_request_error");
    expect(await stores().retrieve(store.id)).toEqual(store);
  });

  it("moves updated_at on a store edit", async () => {
    const store = await stores().create({ name: "Edit" });
    await sleep(5);
    const updated = await stores().update(store.id, { name: "Edited" });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(store.updated_at));
    expect(updated.created_at).toBe(store.created_at);
  });

  it("does not move updated_at on memory creates, updates or deletes", async () => {
    const store = await stores().create({ name: "Busy" });
    await sleep(5);
    const memory = await stores().memories.create(store.id, { path: "/a.md", content: "a" });
    await stores().memories.update(memory.id, { memory_store_id: store.id, content: "b", path: "/b.md" });
    await stores().memories.delete(memory.id, { memory_store_id: store.id });
    expect((await stores().retrieve(store.id)).updated_at).toBe(store.updated_at);
  });

  it("answers 404 not_found_error for an unknown store", async () => {
    await expectApiError(stores().update("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA", { name: "x" }), 404, "not_found_error");
  });
});

describe("GET /v1/memory_stores", () => {
  /** Stores created by this describe block only, whatever other tests left on the server. */
  async function listedIds(params: Parameters<ReturnType<typeof stores>["list"]>[0], mine: Set<string>) {
    const all = await collect(stores().list(params));
    return all.map((s) => s.id).filter((id) => mine.has(id));
  }

  it("hides archived stores unless include_archived=true", async () => {
    const live = await newStore(server, "live");
    const archived = await newStore(server, "archived");
    await stores().archive(archived.id);
    const mine = new Set([live.id, archived.id]);
    expect(await listedIds({}, mine)).toEqual([live.id]);
    expect(await listedIds({ include_archived: false }, mine)).toEqual([live.id]);
    expect((await listedIds({ include_archived: true }, mine)).sort()).toEqual([live.id, archived.id].sort());
  });

  it("filters on created_at[gte] and created_at[lte] (inclusive)", async () => {
    const made: MemoryStore[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(await newStore(server, `dated ${i}`));
      await sleep(5);
    }
    const [first, middle, last] = made as [MemoryStore, MemoryStore, MemoryStore];
    const mine = new Set(made.map((s) => s.id));
    const gte = await listedIds({ "created_at[gte]": middle.created_at }, mine);
    expect(gte.sort()).toEqual([middle.id, last.id].sort());
    const lte = await listedIds({ "created_at[lte]": middle.created_at }, mine);
    expect(lte.sort()).toEqual([first.id, middle.id].sort());
    const both = await listedIds({ "created_at[gte]": middle.created_at, "created_at[lte]": middle.created_at }, mine);
    expect(both).toEqual([middle.id]);
  });

  it("refuses created_at filters that are not RFC 3339 timestamps", async () => {
    const res = await server.fetch("/v1/memory_stores?created_at%5Bgte%5D=yesterday");
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it("refuses include_archived values other than true and false", async () => {
    await expectEnvelope(await server.fetch("/v1/memory_stores?include_archived=yes"), 400, "invalid_request_error");
  });

  it("pages with limit (default 20, max 100) and returns every store exactly once", async () => {
    for (let i = 0; i < 25; i++) await newStore(server, `paged ${i}`);
    const first = await stores().list();
    expect(first.data).toHaveLength(20);
    expect(first.next_page).toEqual(expect.any(String));

    const all: string[] = [];
    for (let page = await stores().list({ limit: 100, include_archived: true }); ;) {
      expect(page.data.length).toBeLessThanOrEqual(100);
      all.push(...page.data.map((s) => s.id));
      if (!page.next_page) break;
      page = await stores().list({ limit: 100, include_archived: true, page: page.next_page });
    }
    expect(all.length).toBeGreaterThan(25);
    expect(new Set(all).size).toBe(all.length);

    for (const limit of [1, 7]) {
      const seen: string[] = [];
      let page = await stores().list({ limit, include_archived: true });
      for (;;) {
        expect(page.data.length).toBeLessThanOrEqual(limit);
        seen.push(...page.data.map((s) => s.id));
        if (!page.next_page) break;
        page = await stores().list({ limit, include_archived: true, page: page.next_page });
      }
      expect(seen).toEqual(all);
    }
    const auto = (await collect(stores().list({ limit: 3, include_archived: true }))).map((s) => s.id);
    expect(auto).toEqual(all);
    expect(new Set(auto).size).toBe(auto.length);
  });

  it("lists in a stable order, newest first", async () => {
    const a = await newStore(server, "order a");
    const b = await newStore(server, "order b");
    const ids = (await collect(stores().list({ limit: 100 }))).map((s) => s.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect((await collect(stores().list({ limit: 100 }))).map((s) => s.id)).toEqual(ids);
  });

  it.each(["0", "101", "-1", "abc", "1.5"])("refuses limit=%s with 400", async (limit) => {
    await expectEnvelope(await server.fetch(`/v1/memory_stores?limit=${limit}`), 400, "invalid_request_error");
  });

  it("accepts limit=100", async () => {
    expect((await server.fetch("/v1/memory_stores?limit=100")).status).toBe(200);
  });

  it("refuses a page cursor that is not one of its own", async () => {
    await expectEnvelope(await server.fetch("/v1/memory_stores?page=not-a-cursor"), 400, "invalid_request_error");
  });
});

describe("DELETE /v1/memory_stores/{store}", () => {
  it("deletes the store with its memories and versions", async () => {
    const store = await newStore(server, "doomed");
    const memory = await stores().memories.create(store.id, { path: "/a.md", content: "a" });
    await stores().memories.update(memory.id, { memory_store_id: store.id, content: "b" });
    const versions = (await stores().memoryVersions.list(store.id)).data;
    expect(versions).toHaveLength(2);

    expect(await stores().delete(store.id)).toEqual({ id: store.id, type: "memory_store_deleted" });

    await expectApiError(stores().retrieve(store.id), 404, "not_found_error");
    await expectApiError(stores().memories.retrieve(memory.id, { memory_store_id: store.id }), 404, "not_found_error");
    for (const version of versions) {
      await expectApiError(stores().memoryVersions.retrieve(version.id, { memory_store_id: store.id }), 404, "not_found_error");
    }
    await expectApiError(stores().memories.list(store.id), 404, "not_found_error");
    await expectApiError(stores().memoryVersions.list(store.id), 404, "not_found_error");
    const listed = (await collect(stores().list({ include_archived: true, limit: 100 }))).map((s) => s.id);
    expect(listed).not.toContain(store.id);
  });

  it("answers 404 for an unknown store, and for a second delete", async () => {
    const store = await newStore(server, "twice");
    await stores().delete(store.id);
    await expectApiError(stores().delete(store.id), 404, "not_found_error");
  });
});
