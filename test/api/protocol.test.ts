import { beforeAll, describe, expect, it } from "vitest";
import { expectApiError, expectEnvelope, newStore, rawRequest } from "../helpers/api.ts";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

// Protocol rules shared by every endpoint: credentials, the anthropic-version and
// anthropic-beta headers, the error envelope, JSON bodies and their size limit, unknown routes.

const MEMORY_BETA = "agent-memory-2026-07-22";
const MANAGED_BETA = "managed-agents-2026-04-01";
const BODY_LIMIT = 1_048_576; // MAX_REQUEST_BODY_BYTES default

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

/** A raw request with exactly these headers (no defaults added). */
function bare(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  return fetch(`${server.baseURL}${path}`, { ...init, headers });
}

describe("authentication (any endpoint)", () => {
  it("accepts the key as Authorization: Bearer (what the SDK sends)", async () => {
    const res = await bare("/v1/memory_stores", { authorization: `Bearer ${ADMIN_KEY}`, "anthropic-beta": MEMORY_BETA });
    expect(res.status).toBe(200);
  });

  it("accepts the key as x-api-key (what the docs' cURL sends)", async () => {
    const res = await bare("/v1/memory_stores", { "x-api-key": ADMIN_KEY, "anthropic-beta": MEMORY_BETA });
    expect(res.status).toBe(200);
  });

  it("refuses a request without credentials with 401 authentication_error", async () => {
    const res = await bare("/v1/memory_stores", { "anthropic-beta": MEMORY_BETA });
    await expectEnvelope(res, 401, "authentication_error");
  });

  it("refuses a wrong key in either header with 401 authentication_error", async () => {
    await expectEnvelope(
      await bare("/v1/memory_stores", { "x-api-key": "wrong-key-0123456789abcdef", "anthropic-beta": MEMORY_BETA }),
      401,
      "authentication_error",
    );
    await expectEnvelope(
      await bare("/v1/memory_stores", { authorization: "Bearer wrong-key-0123456789abcdef", "anthropic-beta": MEMORY_BETA }),
      401,
      "authentication_error",
    );
    await expectApiError(server.clientWith("mcsk_not-a-real-key").beta.memoryStores.list(), 401, "authentication_error");
  });

  it("writes nothing for an unauthenticated request", async () => {
    const res = await bare(
      "/v1/memory_stores",
      { "anthropic-beta": MEMORY_BETA, "content-type": "application/json" },
      { method: "POST", body: JSON.stringify({ name: "must-not-exist-unauthenticated" }) },
    );
    expect(res.status).toBe(401);
    const names = [];
    for await (const store of server.client.beta.memoryStores.list({ include_archived: true })) names.push(store.name);
    expect(names).not.toContain("must-not-exist-unauthenticated");
  });
});

describe("anthropic-version header (any endpoint)", () => {
  it.each(["2023-06-01", "2026-10-21"])("accepts %s", async (version) => {
    const res = await server.fetch("/v1/memory_stores", { headers: { "anthropic-version": version } });
    expect(res.status).toBe(200);
  });

  it("is never refused: missing or an unknown value", async () => {
    expect((await server.fetch("/v1/memory_stores")).status).toBe(200);
    expect((await server.fetch("/v1/memory_stores", { headers: { "anthropic-version": "1999-01-01" } })).status).toBe(200);
  });
});

describe("anthropic-beta header (any endpoint)", () => {
  it("is required: missing → 400 invalid_request_error", async () => {
    const res = await bare("/v1/memory_stores", { "x-api-key": ADMIN_KEY });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it("refuses a header that names neither memory beta", async () => {
    const res = await server.fetch("/v1/memory_stores", { headers: { "anthropic-beta": "files-api-2025-04-14" } });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it(`accepts ${MANAGED_BETA} alone`, async () => {
    const res = await server.fetch("/v1/memory_stores", { headers: { "anthropic-beta": MANAGED_BETA } });
    expect(res.status).toBe(200);
  });

  it("accepts the memory beta next to unrelated betas", async () => {
    const res = await server.fetch("/v1/memory_stores", { headers: { "anthropic-beta": `files-api-2025-04-14,${MEMORY_BETA}` } });
    expect(res.status).toBe(200);
  });

  it("refuses both betas in one comma-separated header", async () => {
    const res = await server.fetch("/v1/memory_stores", { headers: { "anthropic-beta": `${MEMORY_BETA}, ${MANAGED_BETA}` } });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it("refuses both betas when the SDK adds managed-agents through `betas`", async () => {
    await expectApiError(server.client.beta.memoryStores.list({ betas: [MANAGED_BETA] }), 400, "invalid_request_error");
  });

  it("refuses both betas sent on two separate header lines", async () => {
    const both = await rawRequest(server.baseURL, "GET", "/v1/memory_stores", {
      "x-api-key": ADMIN_KEY,
      "anthropic-beta": [MEMORY_BETA, MANAGED_BETA],
    });
    expect(both.status).toBe(400);
    expect(JSON.parse(both.body).error.type).toBe("invalid_request_error");
    // The same transport with one beta line succeeds, so the 400 above is the beta rule.
    const one = await rawRequest(server.baseURL, "GET", "/v1/memory_stores", { "x-api-key": ADMIN_KEY, "anthropic-beta": [MEMORY_BETA] });
    expect(one.status).toBe(200);
  });

  it("writes nothing when refused", async () => {
    const res = await server.fetch("/v1/memory_stores", {
      method: "POST",
      headers: { "anthropic-beta": `${MEMORY_BETA},${MANAGED_BETA}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "must-not-exist-two-betas" }),
    });
    expect(res.status).toBe(400);
    const names = [];
    for await (const store of server.client.beta.memoryStores.list({ include_archived: true })) names.push(store.name);
    expect(names).not.toContain("must-not-exist-two-betas");
  });
});

describe("error envelope (any endpoint)", () => {
  it("is exactly {type, error:{type, message}, request_id} with a matching request-id header", async () => {
    const store = await newStore(server);
    const cases: [Promise<Response>, number, string][] = [
      [server.fetch("/v1/memory_stores?limit=abc"), 400, "invalid_request_error"],
      [bare("/v1/memory_stores", { "anthropic-beta": MEMORY_BETA }), 401, "authentication_error"],
      [server.fetch("/v1/memory_stores/memstore_doesnotexist"), 404, "not_found_error"],
      [server.fetch(`/v1/memory_stores/${store.id}/memories/mem_doesnotexist`), 404, "not_found_error"],
    ];
    const requestIds = new Set<string>();
    for (const [pending, status, type] of cases) {
      const response = await pending;
      const error = await expectEnvelope(response, status, type);
      expect(Object.keys(error).sort()).toEqual(["message", "type"]);
      requestIds.add(response.headers.get("request-id")!);
    }
    expect(requestIds.size).toBe(cases.length);
  });

  it("gives successful responses a request-id header too", async () => {
    const res = await server.fetch("/v1/memory_stores");
    expect(res.status).toBe(200);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
  });

  it("is exposed by the SDK as .status and .error", async () => {
    const error = await expectApiError(server.client.beta.memoryStores.retrieve("memstore_doesnotexist"), 404, "not_found_error");
    expect(typeof error.message).toBe("string");
  });

  it("tells the SDK not to retry 4xx errors (x-should-retry: false)", async () => {
    const store = await newStore(server);
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/a.md", content: "" });
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/a.md", content: "again" }),
    });
    await expectEnvelope(res, 409, "memory_path_conflict_error");
    expect(res.headers.get("x-should-retry")).toBe("false");
  });
});

describe("request bodies (POST endpoints)", () => {
  it("refuses malformed JSON with 400 invalid_request_error", async () => {
    const res = await server.fetch("/v1/memory_stores", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name": "x",',
    });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it.each([["[]"], ['"a string"'], ["42"], ["null"]])("refuses a body that is not a JSON object: %s", async (body) => {
    const res = await server.fetch("/v1/memory_stores", { method: "POST", headers: { "content-type": "application/json" }, body });
    await expectEnvelope(res, 400, "invalid_request_error");
  });

  it("refuses unknown fields with 400 invalid_request_error", async () => {
    const store = await newStore(server);
    const memory = await server.client.beta.memoryStores.memories.create(store.id, { path: "/a.md", content: "a" });
    const cases: [string, string, Record<string, unknown>][] = [
      ["POST", "/v1/memory_stores", { name: "x", colour: "red" }],
      ["POST", `/v1/memory_stores/${store.id}`, { name: "x", archived_at: null }],
      ["POST", `/v1/memory_stores/${store.id}/memories`, { path: "/b.md", content: "b", mode: "overwrite" }],
      ["POST", `/v1/memory_stores/${store.id}/memories/${memory.id}`, { content: "c", force: true }],
      [
        "POST",
        `/v1/memory_stores/${store.id}/memories/${memory.id}`,
        { content: "c", precondition: { type: "content_sha256", content_sha256: memory.content_sha256, strict: true } },
      ],
    ];
    for (const [method, path, body] of cases) {
      const res = await server.fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      await expectEnvelope(res, 400, "invalid_request_error");
    }
    // Nothing of the refused requests was applied.
    const read = await server.client.beta.memoryStores.memories.retrieve(memory.id, { memory_store_id: store.id });
    expect(read.content).toBe("a");
    expect((await server.client.beta.memoryStores.retrieve(store.id)).name).toBe("Test store");
  });

  it("refuses wrong JSON types for known fields", async () => {
    const store = await newStore(server);
    for (const body of [{ name: 42 }, { name: "x", metadata: ["a"] }, { name: "x", description: 5 }]) {
      const res = await server.fetch("/v1/memory_stores", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      await expectEnvelope(res, 400, "invalid_request_error");
    }
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/a.md", content: 123 }),
    });
    await expectEnvelope(res, 400, "invalid_request_error");
  });
});

describe("request body size limit (POST endpoints)", () => {
  // A valid create padded with JSON whitespace: it is refused only because of its size.
  const padded = (size: number, path: string) => {
    const json = JSON.stringify({ path, content: "padded" });
    return json.slice(0, -1) + " ".repeat(size - Buffer.byteLength(json)) + "}";
  };

  it("accepts a body of exactly MAX_REQUEST_BODY_BYTES", async () => {
    const store = await newStore(server);
    const body = padded(BODY_LIMIT, "/exact.md");
    expect(Buffer.byteLength(body)).toBe(BODY_LIMIT);
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(200);
  });

  it("refuses a larger body (declared Content-Length) with 413 and writes nothing", async () => {
    const store = await newStore(server);
    const body = padded(BODY_LIMIT + 1, "/too-big.md");
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, { method: "POST", headers: { "content-type": "application/json" }, body });
    await expectEnvelope(res, 413, "request_too_large");
    const list = await server.client.beta.memoryStores.memories.list(store.id);
    expect(list.data).toEqual([]);
    const versions = await server.client.beta.memoryStores.memoryVersions.list(store.id);
    expect(versions.data).toEqual([]);
  });

  it("refuses a larger chunked body (no Content-Length) with 413 and writes nothing", async () => {
    const store = await newStore(server);
    const bytes = new TextEncoder().encode(padded(2 * BODY_LIMIT, "/too-big-chunked.md"));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit & { headers: Record<string, string> });
    await expectEnvelope(res, 413, "request_too_large");
    const list = await server.client.beta.memoryStores.memories.list(store.id);
    expect(list.data).toEqual([]);
  });
});

describe("NUL in URLs (any endpoint)", () => {
  // PostgreSQL text cannot hold U+0000: such a value must be refused the same way on both
  // engines, never reach the database as a 500.
  it("refuses a NUL in a path id or a query value with 400 invalid_request_error", async () => {
    const store = await newStore(server);
    const memory = await server.client.beta.memoryStores.memories.create(store.id, { path: "/a", content: "" });
    const paths = [
      "/v1/memory_stores/memstore_a%00b",
      `/v1/memory_stores/${store.id}/memories/mem_%00`,
      `/v1/memory_stores/${store.id}/memory_versions/memver_%00`,
      `/v1/memory_stores/${store.id}/memory_versions?memory_id=mem_%00`,
      `/v1/memory_stores/${store.id}/memory_versions?session_id=%00`,
      `/v1/memory_stores/${store.id}/memories/${memory.id}?expected_content_sha256=%00`,
    ];
    for (const path of paths) {
      const method = path.includes("expected_content_sha256") ? "DELETE" : "GET";
      await expectEnvelope(await server.fetch(path, { method }), 400, "invalid_request_error");
    }
  });
});

describe("page cursors (list endpoints)", () => {
  const forge = (state: unknown) => Buffer.from(JSON.stringify(state)).toString("base64url");

  it("refuses forged or damaged cursors with 400 invalid_request_error, never a 500", async () => {
    const store = await newStore(server);
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/a/b", content: "" });
    const lists: [string, string, Record<string, unknown>][] = [
      ["/v1/memory_stores", "after", { archived: 0 }],
      [`/v1/memory_stores/${store.id}/memory_versions`, "after", {}],
      [`/v1/memory_stores/${store.id}/memories`, "from", { prefix: "/", depth: 0 }],
      [`/v1/memory_stores/${store.id}/memories?depth=1`, "from", { prefix: "/", depth: 1 }],
    ];
    for (const [list, position, rest] of lists) {
      const join = list.includes("?") ? "&" : "?";
      const pages = [
        "not-a-cursor",
        forge([1]),
        forge("text"),
        forge(rest), // position missing
        forge({ ...rest, [position]: 5 }),
        forge({ ...rest, [position]: null }),
        forge({ ...rest, [position]: true }),
        forge({ ...rest, [position]: { nested: "x" } }),
        forge({ ...rest, [position]: ["x"] }),
        forge({ ...rest, [position]: "x\u0000y" }),
      ];
      for (const page of pages) {
        const res = await server.fetch(`${list}${join}page=${page}`);
        await expectEnvelope(res, 400, "invalid_request_error");
      }
    }
  });
});

describe("unknown routes under /v1", () => {
  it.each([
    ["GET", "/v1/nothing-here"],
    ["POST", "/v1/messages_of_the_day"],
    ["GET", "/v1/memory_stores/memstore_x/unknown"],
    ["DELETE", "/v1/memory_stores/memstore_x/memories/mem_x/extra"],
  ])("%s %s → 404 not_found_error envelope", async (method, path) => {
    const res = await server.fetch(path, { method });
    await expectEnvelope(res, 404, "not_found_error");
  });

  it("answers an unknown store id with 404 not_found_error", async () => {
    await expectApiError(server.client.beta.memoryStores.retrieve("memstore_01ZZZZZZZZZZZZZZZZZZZZZZZZ"), 404, "not_found_error");
  });
});
