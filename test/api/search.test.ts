import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationUrl } from "../../lib/api-client/client.ts";
import type { BodyOf, QueryOf } from "../../lib/api-client/operation-types.ts";
import { expectEnvelope } from "../helpers/api.ts";
import { callOk, sendImport, sendUnchecked } from "../helpers/operations.ts";
import { openRawDb } from "../helpers/database.ts";
import { ADMIN_KEY, ENGINE, startServer, type TestServer } from "../helpers/server.ts";

// GET /v1/search (issue 11): both modes through a running server, store scoping for limited
// keys, viewers, pages, and the error envelope for every malformed query.
let server: TestServer;
let storeA: string;
let storeB: string;
let viewerKey: string;
let limitedKey: string;

type Hit = {
  type: string;
  memory_store_id: string;
  memory_id: string;
  memory_version_id: string;
  path: string;
  current: boolean;
  field: string;
  line: number | null;
  column: number | null;
  snippet: { text: string; match: boolean }[];
};
type Page = { data: Hit[]; next_page: string | null };

async function searchAs(key: string, query: QueryOf<"search">): Promise<Page> {
  const res = await server.apiWith(key).send("search", { query });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page;
}
const search = (query: QueryOf<"search">) => searchAs(ADMIN_KEY, query);

async function createKey(body: BodyOf<"createApiKey">): Promise<string> {
  return (await callOk(server.api, "createApiKey", { body })).secret;
}

beforeAll(async () => {
  server = await startServer();
  const stores = server.client.beta.memoryStores;
  storeA = (await stores.create({ name: "Search A" })).id;
  storeB = (await stores.create({ name: "Search B" })).id;
  const put = (store: string, path: string, content: string) => stores.memories.create(store, { path, content });
  const leaked = await put(storeA, "/config/keys.md", "# Keys\n\nanthropic: sk-ant-api03-LEAKED\n");
  await stores.memories.update(leaked.id, { memory_store_id: storeA, content: "# Keys\n\nanthropic: (rotated)\n" });
  await put(storeA, "/people/maria.md", "Maria, phone +1 (555) 010-1234.\nPrefers email about pricing.");
  await put(storeB, "/notes/pricing.md", "Old pricing: 40 EUR a seat. New pricing from March; pricing page updated.");
  await put(storeB, "/notes/secret.md", "backup key sk-ant-api03-OTHER in store B");
  viewerKey = await createKey({ name: "viewer", role: "viewer" });
  limitedKey = await createKey({ name: "limited", role: "reviewer", store_ids: [storeA] });
});
afterAll(() => server?.stop());

describe(`GET /v1/search on ${ENGINE}`, () => {
  it("words: ranked hits across the caller's stores, with snippet, line and column", async () => {
    const page = await search({ q: "pricing" });
    expect(page.next_page).toBeNull();
    expect(page.data.map((h) => h.path)).toEqual(["/notes/pricing.md", "/people/maria.md"]);
    const [best] = page.data;
    expect(best).toMatchObject({ type: "search_hit", memory_store_id: storeB, current: true, field: "content", line: 1, column: 5 });
    expect(best!.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(["pricing", "pricing", "pricing"]);
    expect((await search({ q: "pricing email" })).data.map((h) => h.path)).toEqual(["/people/maria.md"]);
  });

  it("exact text finds punctuation in current memories, and in history with scope=versions", async () => {
    expect((await search({ q: "sk-ant-api03", mode: "exact" })).data.map((h) => h.path)).toEqual(["/notes/secret.md"]);
    const history = await search({ q: "SK-ANT-API03-leaked", mode: "exact", scope: "versions" });
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ path: "/config/keys.md", current: false, line: 3, column: 12 });
    expect((await search({ q: "+1 (555)", mode: "exact" })).data.map((h) => h.path)).toEqual(["/people/maria.md"]);
    // Text that is query syntax in FTS5 or tsquery is just text.
    for (const q of ['"""', "NEAR(", "a OR b", "x:* & !y", "%_\\"]) expect((await search({ q, mode: "exact" })).data, q).toEqual([]);
  });

  it("filters by store, path prefix and time; memory_store_id repeats", async () => {
    expect((await search({ q: "sk-ant-", mode: "exact", scope: "versions", memory_store_id: [storeA] })).data).toHaveLength(1);
    expect((await search({ q: "sk-ant-", mode: "exact", scope: "versions", memory_store_id: [storeA, storeB] })).data).toHaveLength(2);
    expect((await search({ q: "pricing", path_prefix: "/people/" })).data.map((h) => h.path)).toEqual(["/people/maria.md"]);
    expect((await search({ q: "pricing", "created_at[gte]": "2999-01-01T00:00:00Z" })).data).toEqual([]);
  });

  it("a store-limited key only ever sees its stores; viewers can search", async () => {
    expect((await searchAs(limitedKey, { q: "sk-ant-", mode: "exact", scope: "versions" })).data.map((h) => h.memory_store_id)).toEqual([storeA]);
    expect((await searchAs(limitedKey, { q: "pricing" })).data.map((h) => h.memory_store_id)).toEqual([storeA]);
    const refused = await server.apiWith(limitedKey).send("search", { query: { q: "pricing", memory_store_id: [storeA, storeB] } });
    await expectEnvelope(refused, 403, "permission_error");
    expect((await searchAs(viewerKey, { q: "pricing" })).data).toHaveLength(2);
  });

  it("pages with an opaque cursor that belongs to its query", async () => {
    const stores = server.client.beta.memoryStores;
    const paged = (await stores.create({ name: "Paged" })).id;
    for (let i = 0; i < 5; i++) await stores.memories.create(paged, { path: `/p/${i}.md`, content: `page-probe ${i}` });
    for (const mode of ["exact", "words"]) {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const result = await search({ q: "page-probe", mode, memory_store_id: [paged], limit: 2, ...(page && { page }) });
        expect(result.data.length).toBeLessThanOrEqual(2);
        seen.push(...result.data.map((h) => h.path));
        page = result.next_page ?? undefined;
      } while (page);
      expect(new Set(seen).size, mode).toBe(5);
      expect(seen.length, mode).toBe(5);
    }
    const first = await search({ q: "page-probe", mode: "exact", memory_store_id: [paged], limit: 2 });
    const replayed = await server.api.send("search", { query: { q: "other-text", mode: "exact", memory_store_id: [paged], page: first.next_page! } });
    expect((await expectEnvelope(replayed, 400, "invalid_request_error")).message).toMatch(/belongs to a list with other parameters/);
  });

  it.runIf(ENGINE === "sqlite")("the server moves new versions out of SQLite's pending list without waiting for a search", async () => {
    const store = (await server.client.beta.memoryStores.create({ name: "Pending" })).id;
    for (let i = 0; i < 60; i++) await server.client.beta.memoryStores.memories.create(store, { path: `/p/${i}.md`, content: `pending probe ${i}` });
    const raw = await openRawDb(server.databaseUrl);
    try {
      const pending = async () => Number((await raw.query<{ n: number }>("SELECT count(*) AS n FROM search_pending"))[0]!.n);
      const indexed = async () =>
        Number((await raw.query<{ n: number }>("SELECT count(*) AS n FROM search_exact WHERE search_exact MATCH '\"pending probe\"'"))[0]!.n);
      await expect.poll(pending, { timeout: 10_000 }).toBe(0);
      expect(await indexed()).toBe(60);
    } finally {
      await raw.close();
    }
  });

  it.runIf(ENGINE === "postgres")("the server indexes an import's versions after it commits, and searches find them before and after", async () => {
    const notes = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`drain/${i}.md`, strToU8(`bilby drain ${i}`)]));
    const res = await sendImport(server.api, { format: "zip", name: "Drain" }, zipSync(notes) as BodyInit);
    expect(res.status).toBe(200);
    const store = ((await res.json()) as { store_id: string }).store_id;
    expect((await search({ q: "bilby drain", mode: "exact", memory_store_id: [store], limit: 100 })).data).toHaveLength(60);
    const raw = await openRawDb(server.databaseUrl);
    try {
      const count = async (sql: string) => Number((await raw.query<{ n: number }>(sql, [store]))[0]!.n);
      await expect.poll(() => count("SELECT count(*) AS n FROM memory_versions WHERE store_id = ? AND search_pending"), { timeout: 10_000 }).toBe(0);
      expect(await count("SELECT count(*) AS n FROM memory_versions WHERE store_id = ? AND NOT search_pending")).toBe(60);
    } finally {
      await raw.close();
    }
    expect((await search({ q: "bilby drain", mode: "words", memory_store_id: [store], limit: 100 })).data).toHaveLength(60);
  });

  it("answers malformed queries with a 400 envelope, unknown stores with 404, no credentials with 401", async () => {
    const bad: Record<string, string | string[]>[] = [
      {},
      { q: "" },
      { q: "...", mode: "words" },
      { q: "ab", mode: "exact" },
      { q: "x".repeat(1001), mode: "exact" },
      { q: "pricing", mode: "fuzzy" },
      { q: "pricing", scope: "everything" },
      { q: "pricing", path_prefix: "people" },
      { q: "pricing", limit: "101" },
      { q: "pricing", api_key_id: "a", user_id: "b" },
      { q: "pricing", "created_at[gte]": "yesterday" },
      { q: "pricing", page: "not-a-cursor" },
    ];
    for (const params of bad) {
      const res = await sendUnchecked(server.api, "search", { query: params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      await expectEnvelope(res, 400, "invalid_request_error");
    }
    await expectEnvelope(await server.api.send("search", { query: { q: "pricing", memory_store_id: ["memstore_missing"] } }), 404, "not_found_error");
    // No key at all: the bare URL, without the client's headers.
    await expectEnvelope(await fetch(`${server.baseURL}${operationUrl("search", { query: { q: "pricing" } })}`), 401, "authentication_error");
  });
});
