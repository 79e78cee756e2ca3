import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { callOk, sendUnchecked } from "../helpers/operations.ts";
import type { BodyOf, QueryOf } from "../../lib/api-client/operation-types.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";

// GET /v1/store_search (issue 11, "find stores"): name and metadata filters, pages, scoping for
// store-limited keys, and the hosted list left as it is. Every store here carries this run's
// tag, so other files' stores on the shared server never match.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
const ids: Record<string, string> = {};

type Page = { data: { id: string; name: string; metadata: Record<string, string> }[]; next_page: string | null };
/** The query as name/value pairs (a repeated `metadata` once per pair), as the operation takes it. */
const queryOf = (params: [string, string][]): QueryOf<"findStores"> => {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of params) query[name] = name === "metadata" ? [...((query[name] as string[] | undefined) ?? []), value] : value;
  return query as QueryOf<"findStores">;
};
async function find(params: [string, string][], key = ADMIN_KEY): Promise<Page> {
  const res = await server.apiWith(key).send("findStores", { query: queryOf(params) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page;
}
const names = async (params: [string, string][], key?: string) => (await find([["metadata", `suite:${tag}`], ...params], key)).data.map((s) => s.name);

beforeAll(async () => {
  server = await sharedServer();
  const stores = server.client.beta.memoryStores;
  const make = async (name: string, metadata: Record<string, string>) => {
    ids[name] = (await stores.create({ name: `${name} ${tag}`, metadata: { suite: tag, ...metadata } })).id;
  };
  await make("Acme Support", { customer: "acme", tier: "gold" });
  await make("ACME billing", { customer: "acme", tier: "silver" });
  await make("Globex", { customer: "globex", tier: "gold" });
  await make("Émile's notes", { customer: "émile", "team:x": "a:b" });
  await stores.archive(ids["Globex"]!);
});

describe(`GET /v1/store_search on ${ENGINE}`, () => {
  it("filters by a piece of the name, any case, newest first", async () => {
    expect(await names([["name", "acme"]])).toEqual([`ACME billing ${tag}`, `Acme Support ${tag}`]);
    expect(await names([["name", "ÉMILE"]])).toEqual([`Émile's notes ${tag}`]);
    expect(await names([["name", "nobody"]])).toEqual([]);
  });

  it("filters by metadata pairs, all of which must match; the key ends at the first colon", async () => {
    expect(await names([["metadata", "customer:acme"]])).toEqual([`ACME billing ${tag}`, `Acme Support ${tag}`]);
    expect(
      await names([
        ["metadata", "customer:acme"],
        ["metadata", "tier:gold"],
      ]),
    ).toEqual([`Acme Support ${tag}`]);
    expect(await names([["metadata", "team:x:a:b"]])).toEqual([]);
    expect(await names([["metadata", "team:x"]])).toEqual([]);
    expect(
      await names([
        ["metadata", "tier:gold"],
        ["name", "support"],
      ]),
    ).toEqual([`Acme Support ${tag}`]);
  });

  it("hides archived stores unless include_archived=true", async () => {
    expect(await names([["metadata", "tier:gold"]])).toEqual([`Acme Support ${tag}`]);
    expect(
      await names([
        ["metadata", "tier:gold"],
        ["include_archived", "true"],
      ]),
    ).toEqual([`Globex ${tag}`, `Acme Support ${tag}`]);
  });

  it("pages with a cursor that belongs to its filter", async () => {
    const first = await find([
      ["metadata", `suite:${tag}`],
      ["limit", "2"],
    ]);
    expect(first.data).toHaveLength(2);
    expect(first.next_page).not.toBeNull();
    const second = await find([
      ["metadata", `suite:${tag}`],
      ["limit", "2"],
      ["page", first.next_page!],
    ]);
    expect([...first.data, ...second.data].map((s) => s.id)).toEqual([ids["Émile's notes"], ids["ACME billing"], ids["Acme Support"]]);
    expect(second.next_page).toBeNull();
    const res = await server.api.send("findStores", { query: { name: "other", page: first.next_page! } });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it("a store-limited key finds only its stores; viewers may search", async () => {
    const key = async (body: BodyOf<"createApiKey">) => {
      return (await callOk(server.api, "createApiKey", { body })).secret;
    };
    const limited = await key({ name: `limited ${tag}`, role: "viewer", store_ids: [ids["Acme Support"]!] });
    expect(await names([["metadata", "customer:acme"]], limited)).toEqual([`Acme Support ${tag}`]);
    const viewer = await key({ name: `viewer ${tag}`, role: "viewer" });
    expect(await names([["metadata", "customer:acme"]], viewer)).toHaveLength(2);
  });

  it("refuses malformed filters with the error envelope", async () => {
    for (const params of [[["metadata", "no-colon"]], [["metadata", ":value"]], [["name", "x".repeat(256)]], [["page", "garbage"]]] as [string, string][][]) {
      const res = await sendUnchecked(server.api, "findStores", { query: queryOf(params) });
      await expectEnvelope(res, 400, "invalid_request_error");
    }
  });

  it("sorts by size, both ways, and answers each store's memory_count and content_bytes (issue 43)", async () => {
    const memories = server.client.beta.memoryStores.memories;
    await memories.create(ids["Globex"]!, { path: "/x.md", content: "x" }).catch(() => undefined); // archived: refused, stays empty
    await memories.create(ids["Acme Support"]!, { path: "/a.md", content: "ünï" });
    await memories.create(ids["Acme Support"]!, { path: "/b.md", content: "bb" });
    await memories.create(ids["ACME billing"]!, { path: "/a.md", content: "a".repeat(40) });
    const bySize = (
      await find([
        ["metadata", `suite:${tag}`],
        ["sort", "content_bytes"],
      ])
    ).data as unknown as { name: string; memory_count: number; content_bytes: number }[];
    expect(bySize.map((s) => [s.name, s.memory_count, s.content_bytes])).toEqual([
      [`ACME billing ${tag}`, 1, 40],
      [`Acme Support ${tag}`, 2, 7],
      [`Émile's notes ${tag}`, 0, 0],
    ]);
    expect(
      await names([
        ["sort", "memory_count"],
        ["order", "asc"],
      ]),
    ).toEqual([`Émile's notes ${tag}`, `ACME billing ${tag}`, `Acme Support ${tag}`]);
    expect(
      await names([
        ["min_content_bytes", "7"],
        ["sort", "name"],
      ]),
    ).toEqual([`ACME billing ${tag}`, `Acme Support ${tag}`]);
    expect(await names([["archived", "true"]])).toEqual([`Globex ${tag}`]);
    // Written or created just now: none is idle for a day.
    expect(await names([["idle_days", "1"]])).toEqual([]);
    // Pages of a sort follow each other.
    const first = await find([
      ["metadata", `suite:${tag}`],
      ["sort", "last_memory_write_at"],
      ["limit", "1"],
    ]);
    const rest = await find([
      ["metadata", `suite:${tag}`],
      ["sort", "last_memory_write_at"],
      ["limit", "5"],
      ["page", first.next_page!],
    ]);
    expect([...first.data, ...rest.data].map((s) => s.id)).toEqual([ids["ACME billing"], ids["Acme Support"], ids["Émile's notes"]]);
  });

  it("refuses a bad sort, filter or forged sort cursor with the error envelope", async () => {
    const forged = (state: object) => Buffer.from(JSON.stringify(state)).toString("base64url");
    const first = await find([
      ["metadata", `suite:${tag}`],
      ["sort", "created_at"],
      ["limit", "1"],
    ]);
    const { for: fingerprint } = JSON.parse(Buffer.from(first.next_page!, "base64url").toString()) as { for: string };
    const bad: [string, string][][] = [
      [["sort", "size"]],
      [["order", "up"]],
      [["idle_days", "-1"]],
      [["idle_days", "1.5"]],
      [["min_fill_percent", "101"]],
      [["archived", "yes"]],
      [
        ["archived", "true"],
        ["include_archived", "true"],
      ],
      [
        ["metadata", `suite:${tag}`],
        ["sort", "created_at"],
        ["page", forged({ for: fingerprint, run: "values", value: "not a time", id: "x" })],
      ],
      [
        ["metadata", `suite:${tag}`],
        ["sort", "created_at"],
        ["page", forged({ for: fingerprint, run: "values", value: 5, id: "x" })],
      ],
      [
        ["metadata", `suite:${tag}`],
        ["sort", "created_at"],
        ["page", forged({ for: fingerprint, run: "sideways", value: "", id: "x" })],
      ],
    ];
    for (const params of bad) {
      const res = await sendUnchecked(server.api, "findStores", { query: queryOf(params) });
      await expectEnvelope(res, 400, "invalid_request_error");
    }
  });

  it("leaves the hosted list as it is: GET /v1/memory_stores takes no filter parameters", async () => {
    const doc = (await (await server.fetch("/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const params = (doc.paths["/v1/memory_stores"]!.get!.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    expect(params.sort()).toEqual(["created_at[gte]", "created_at[lte]", "include_archived", "limit", "page"]);
    expect(doc.paths["/v1/store_search"]?.get).toBeDefined();
  });
});
