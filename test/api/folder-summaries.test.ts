import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";
import { sendUnchecked } from "../helpers/operations.ts";

// GET /v1/folder_summaries/{store}: the console tree's counts per child folder, with the same
// keys, store scoping and envelope as the memory list. Answers are checked against the OpenAPI
// document by the server helper.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
type Summaries = { data: { type: string; path: string; memory_count: number; awaiting_review_count: number }[]; next_page: string | null };
const get = (store: string, query: Record<string, unknown> = {}, key = ADMIN_KEY) =>
  sendUnchecked(key === ADMIN_KEY ? server.api : server.apiWithHeaders({ "x-api-key": key }), "listFolderSummaries", {
    params: { store },
    query: query as never,
  });

beforeAll(async () => {
  server = await sharedServer();
});

describe(`/v1/folder_summaries on ${ENGINE}`, () => {
  it("counts each child folder's memories and the key's writes awaiting review, page by page", async () => {
    const store = await server.client.beta.memoryStores.create({ name: `folders ${tag}` });
    for (const path of ["/a/1.md", "/a/b/2.md", "/c/3.md", "/top.md"]) await server.client.beta.memoryStores.memories.create(store.id, { path, content: path });

    const res = await get(store.id, { limit: 1 });
    expect(res.status).toBe(200);
    const first = (await res.json()) as Summaries;
    expect(first.data).toEqual([{ type: "folder_summary", path: "/a/", memory_count: 2, awaiting_review_count: 2 }]);
    const rest = (await (await get(store.id, { limit: 1, page: first.next_page })).json()) as Summaries;
    expect(rest.data.map((f) => [f.path, f.memory_count])).toEqual([["/c/", 1]]);
    expect(rest.next_page).toBeNull();
    const inner = (await (await get(store.id, { path_prefix: "/a/" })).json()) as Summaries;
    expect(inner.data.map((f) => f.path)).toEqual(["/a/b/"]);
    // A cursor belongs to its prefix.
    await expectEnvelope(await get(store.id, { path_prefix: "/a/", limit: 1, page: first.next_page }), 400, "invalid_request_error");
  });

  it("refuses a bad prefix or limit with a 400, an unknown store with a 404, a store outside the key's as the memory list does", async () => {
    const store = await server.client.beta.memoryStores.create({ name: `folders bad ${tag}` });
    const other = await server.client.beta.memoryStores.create({ name: `folders other ${tag}` });
    for (const query of [{ path_prefix: "a/" }, { path_prefix: "/a" }, { limit: 0 }, { limit: 101 }, { page: "forged" }]) {
      await expectEnvelope(await get(store.id, query), 400, "invalid_request_error");
    }
    await expectEnvelope(await get("memstore_nothere"), 404, "not_found_error");
    const { secret: limited } = await server.api.call("createApiKey", { body: { name: `folders limited ${tag}`, role: "viewer", store_ids: [other.id] } });
    expect((await get(other.id, {}, limited)).status).toBe(200);
    await expectEnvelope(await get(store.id, {}, limited), 403, "permission_error");
    const list = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      headers: { "x-api-key": limited, "anthropic-beta": "agent-memory-2026-07-22" },
    });
    expect(list.status).toBe(403);
  });
});
