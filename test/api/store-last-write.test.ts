import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedServer } from "../helpers/shared-server.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";

// The store's `last_memory_write_at` extension field: when a memory of the store was last
// created, changed or deleted (the console's "Updated" column), while the hosted `updated_at`
// keeps the spec's meaning (store edits and archive only). Answers are checked against the
// OpenAPI document.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
type Wire = { updated_at: string; last_memory_write_at: string | null };
const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
const retrieve = async (id: string) =>
  (await (await server.fetch(`/v1/memory_stores/${id}`, { headers: { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22" } })).json()) as Wire;

beforeAll(async () => {
  server = await sharedServer();
});

describe(`a store's last_memory_write_at on ${ENGINE}`, () => {
  it("is null on a new store, follows every memory write, and leaves updated_at as the spec says", async () => {
    const stores = server.client.beta.memoryStores;
    const store = await stores.create({ name: `last write ${tag}` });
    expect(await retrieve(store.id)).toMatchObject({ updated_at: store.updated_at, last_memory_write_at: null });

    await pause();
    const memory = await stores.memories.create(store.id, { path: "/a.md", content: "a" });
    const created = await retrieve(store.id);
    expect(created.updated_at).toBe(store.updated_at);
    expect(created.last_memory_write_at).toBe(memory.created_at);

    await pause();
    const changed = await stores.memories.update(memory.id, { memory_store_id: store.id, content: "a2" });
    expect((await retrieve(store.id)).last_memory_write_at).toBe(changed.updated_at);

    await pause();
    await stores.memories.delete(memory.id, { memory_store_id: store.id });
    const deleted = await retrieve(store.id);
    expect(Date.parse(deleted.last_memory_write_at!)).toBeGreaterThan(Date.parse(changed.updated_at));
    expect(deleted.updated_at).toBe(store.updated_at);

    // A store edit moves updated_at, not the memory write time; the list carries the field too.
    await pause();
    const edited = await stores.update(store.id, { description: "edited" });
    expect(edited.updated_at).not.toBe(store.updated_at);
    expect((await retrieve(store.id)).last_memory_write_at).toBe(deleted.last_memory_write_at);
    const listed = (await (
      await server.fetch(`/v1/memory_stores?limit=100`, { headers: { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22" } })
    ).json()) as { data: (Wire & { id: string })[] };
    expect(listed.data.find((s) => s.id === store.id)?.last_memory_write_at).toBe(deleted.last_memory_write_at);
  });
});
