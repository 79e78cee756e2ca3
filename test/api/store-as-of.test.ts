import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedServer } from "../helpers/shared-server.ts";
import { ENGINE, type TestServer } from "../helpers/server.ts";

// GET /v1/point_in_time/{store}?as_of=: what the store held at a moment (the console's as-of
// header), through the typed client; answers are checked against the OpenAPI document.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

beforeAll(async () => {
  server = await sharedServer();
});

describe(`the store as of a moment on ${ENGINE}`, () => {
  it("counts the memories live then and their bytes, not today's", async () => {
    const stores = server.client.beta.memoryStores;
    const store = await stores.create({ name: `as of ${tag}` });
    const a = await stores.memories.create(store.id, { path: "/a.md", content: "12345" });
    await stores.memories.create(store.id, { path: "/b.md", content: "123" });
    await pause();
    const then = new Date().toISOString();
    await pause();
    await stores.memories.update(a.id, { memory_store_id: store.id, content: "a much longer text" });
    await stores.memories.create(store.id, { path: "/c.md", content: "c" });

    const asOf = await server.api.call("retrieveStoreAsOf", { params: { store: store.id }, query: { as_of: then } });
    expect(asOf).toEqual({
      type: "memory_store_as_of",
      memory_store_id: store.id,
      as_of: then,
      memory_count: 2,
      content_size_bytes: 8,
      redacted_memory_count: 0,
    });
    const now = await server.api.call("retrieveStoreAsOf", { params: { store: store.id }, query: { as_of: new Date().toISOString() } });
    expect(now).toMatchObject({ memory_count: 3, content_size_bytes: 18 + 3 + 1 });
  });

  it("refuses a moment in the future (400) and an unknown store (404)", async () => {
    const store = await server.client.beta.memoryStores.create({ name: `as of refused ${tag}` });
    const future = await server.api.send("retrieveStoreAsOf", {
      params: { store: store.id },
      query: { as_of: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(future.status).toBe(400);
    const unknown = await server.api.send("retrieveStoreAsOf", { params: { store: "memstore_nope" }, query: { as_of: new Date().toISOString() } });
    expect(unknown.status).toBe(404);
  });
});
