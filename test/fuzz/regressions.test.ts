// Server bugs the fuzz found, each pinned by its exact reproduction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let storeId: string;
beforeAll(async () => {
  server = await startServer();
  const store = await server.client.beta.memoryStores.create({ name: "created_at bounds" });
  storeId = store.id;
  await server.client.beta.memoryStores.memories.create(storeId, { path: "/a", content: "a" });
});
afterAll(() => server?.stop());

/**
 * Found by `npm run fuzz` (FUZZ_SEED=2, TEST_ENGINE=postgres): a `created_at` bound before year 1
 * was a 500 on PostgreSQL (no year 0: "date/time field value out of range"), and a bound past
 * year 9999 (reachable with a negative offset) selected the wrong rows on SQLite, which compares
 * the ISO text. RFC 3339 accepts both, so both must answer as any other bound.
 */
describe("created_at bounds at the ends of RFC 3339", () => {
  // [query, does the store / its version match]
  const CASES: [string, boolean][] = [
    ["created_at[lte]=0000-01-01T00:00:00Z", false],
    ["created_at[gte]=0000-01-01T00:00:00Z", true],
    ["created_at[gte]=0001-01-01T00:00:00%2B14:00", true],
    ["created_at[lte]=0001-01-01T00:00:00%2B14:00", false],
    ["created_at[lte]=9999-12-31T23:59:59-23:59", true],
    ["created_at[gte]=9999-12-31T23:59:59-23:59", false],
    ["created_at[gte]=0000-01-01T00:00:00Z&created_at[lte]=9999-12-31T23:59:59-23:59", true],
  ];

  it.each(CASES)("GET /v1/memory_stores?%s", async (query, matches) => {
    const res = await server.fetch(`/v1/memory_stores?${query}`);
    const body = await res.text();
    expect({ status: res.status, body: body.slice(0, 300) }).toMatchObject({ status: 200 });
    const ids = (JSON.parse(body) as { data: { id: string }[] }).data.map((s) => s.id);
    expect(ids.includes(storeId)).toBe(matches);
  });

  it.each(CASES)("GET /v1/memory_stores/{store}/memory_versions?%s", async (query, matches) => {
    const res = await server.fetch(`/v1/memory_stores/${storeId}/memory_versions?${query}`);
    const body = await res.text();
    expect({ status: res.status, body: body.slice(0, 300) }).toMatchObject({ status: 200 });
    expect((JSON.parse(body) as { data: unknown[] }).data.length).toBe(matches ? 1 : 0);
  });
});
