import { afterEach, describe, expect, it, vi } from "vitest";
import { OPERATION_ROUTES, type OperationName } from "@/lib/http/operation-routes.ts";
import { OPERATIONS, type Operation } from "@/lib/http/operations.ts";
import { createApiClient, operationUrl } from "./client.ts";
import { ApiError, type Transport } from "./request.ts";

type Sent = { url: string; init: RequestInit };

function fakeServer(status: number, answer: unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(answer === undefined ? null : JSON.stringify(answer), { status, headers: { "content-type": "application/json" } });
  });
  return sent;
}

const transport: Transport = { baseUrl: "http://api.test", headers: { "x-api-key": "k" }, credentials: "omit" };

afterEach(() => vi.unstubAllGlobals());

describe("operationUrl", () => {
  it("fills the route template, encoding each segment", () => {
    expect(operationUrl("retrieveMemory", { params: { store: "memstore_1", memory: "a/b c" } })).toBe("/v1/memory_stores/memstore_1/memories/a%2Fb%20c");
  });

  it("leaves out null, undefined and empty values, repeats lists, and writes numbers and booleans as text", () => {
    const url = operationUrl("search", { query: { q: "x y", memory_store_id: ["s1", "s2"], limit: 5, path_prefix: "", mode: null, scope: undefined } });
    expect(url).toBe("/v1/search?q=x+y&memory_store_id=s1&memory_store_id=s2&limit=5");
    expect(operationUrl("listStores", { query: { include_archived: false } })).toBe("/v1/memory_stores?include_archived=false");
  });

  it("refuses a missing path segment instead of sending a wrong URL", () => {
    expect(() => operationUrl("retrieveStore", { params: {} as { store: string } })).toThrow(/store/);
  });
});

describe("createApiClient", () => {
  it("sends the operation's method, the query, the JSON body and the transport's headers", async () => {
    const sent = fakeServer(200, { id: "memstore_1" });
    const client = createApiClient(transport);
    const store = await client.call("updateStore", { params: { store: "memstore_1" }, body: { name: "n" } });
    expect(store).toEqual({ id: "memstore_1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("http://api.test/v1/memory_stores/memstore_1");
    expect(sent[0]!.init.method).toBe("POST");
    expect(sent[0]!.init.body).toBe(JSON.stringify({ name: "n" }));
    expect(sent[0]!.init.headers).toEqual({ "x-api-key": "k", "content-type": "application/json" });
    expect(sent[0]!.init.credentials).toBe("omit");

    await client.call("deleteMemory", { params: { store: "s", memory: "m" }, query: { expected_content_sha256: "abc" } });
    expect(sent[1]!.url).toBe("http://api.test/v1/memory_stores/s/memories/m?expected_content_sha256=abc");
    expect(sent[1]!.init.method).toBe("DELETE");
    expect(sent[1]!.init.body).toBeUndefined();
    expect(sent[1]!.init.headers).toEqual({ "x-api-key": "k" });
  });

  it("turns the error envelope into an ApiError with the API's type, message and conflict details", async () => {
    fakeServer(409, {
      type: "error",
      error: { type: "memory_path_conflict_error", message: "taken", conflicting_path: "/a", conflicting_memory_id: "mem_1" },
      request_id: "req_1",
    });
    const error = await createApiClient(transport)
      .call("createMemory", { params: { store: "s" }, body: { path: "/a", content: "" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      type: "memory_path_conflict_error",
      message: "taken",
      details: { conflicting_path: "/a", conflicting_memory_id: "mem_1" },
    });
  });

  it("answers an ApiError for a body that is not the envelope, and tells the transport about a 401", async () => {
    fakeServer(502, undefined);
    await expect(createApiClient(transport).call("me")).rejects.toMatchObject({ status: 502, type: "api_error", message: "Request failed with status 502." });
    fakeServer(401, { type: "error", error: { type: "authentication_error", message: "signed out" } });
    const onUnauthorized = vi.fn();
    await expect(createApiClient({ ...transport, onUnauthorized }).call("me")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("send answers the Response as it came, whatever its status", async () => {
    fakeServer(404, { type: "error", error: { type: "not_found_error", message: "no" } });
    const response = await createApiClient(transport).send("exportStore", { params: { store: "s" }, query: { format: "jsonl" } });
    expect(response.status).toBe(404);
  });

  it("pages a cursor list: the first page without `page`, the next with the previous answer's next_page", async () => {
    const sent = fakeServer(200, { data: [], next_page: null });
    const pages = createApiClient(transport).pages("listVersions", { params: { store: "s" }, query: { memory_id: "m", limit: 10 } });
    expect(pages.initialPageParam).toBeNull();
    await pages.queryFn({ pageParam: pages.initialPageParam });
    await pages.queryFn({ pageParam: "cursor_2" });
    expect(sent.map((s) => s.url)).toEqual([
      "http://api.test/v1/memory_stores/s/memory_versions?memory_id=m&limit=10",
      "http://api.test/v1/memory_stores/s/memory_versions?memory_id=m&limit=10&page=cursor_2",
    ]);
    expect(pages.getNextPageParam({ data: [], next_page: "c3" })).toBe("c3");
    expect(pages.getNextPageParam({ data: [], next_page: null })).toBeNull();
  });

  it("types params, query and body from the operation table", () => {
    const client = createApiClient(transport);
    const never = () => {
      // @ts-expect-error the path's {store} is required
      void client.call("retrieveStore");
      // @ts-expect-error listStores' schema has no such query parameter
      void client.call("listStores", { query: { nope: 1 } });
      // @ts-expect-error createStore takes a body
      void client.call("createStore", {});
      // @ts-expect-error a body field the schema lacks
      void client.call("createStore", { body: { name: "n", colour: "red" } });
      // @ts-expect-error pages() is for cursor-paged operations only
      void client.pages("retrieveStore", { params: { store: "s" } });
    };
    expect(typeof never).toBe("function");
  });
});

describe("OPERATION_ROUTES", () => {
  const names = Object.keys(OPERATIONS) as OperationName[];

  it("is the operation table's method and path for every operation, and names no other", () => {
    expect(Object.keys(OPERATION_ROUTES).sort()).toEqual([...names].sort());
    for (const name of names)
      expect([name, OPERATIONS[name].method, OPERATIONS[name].path]).toEqual([name, OPERATION_ROUTES[name].method, OPERATION_ROUTES[name].path]);
  });

  it("declares cursor pagination exactly where the query takes `page` and the answer has `next_page`", () => {
    const shapeOf = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    for (const name of names) {
      const operation: Operation = OPERATIONS[name];
      const pages = shapeOf(operation.query).includes("page") && shapeOf(operation.response).includes("next_page");
      expect([name, pages]).toEqual([name, (OPERATION_ROUTES[name] as { pagination?: string }).pagination === "cursor"]);
    }
  });
});
