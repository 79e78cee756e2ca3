import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/api.ts";
import { ADMIN_KEY } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import type { TestServer } from "../helpers/server.ts";

// Compression where it pays (issue 14, item 7): API answers under COMPRESS_MIN_BYTES (16 KiB by
// default) go out uncompressed even to clients that accept gzip; larger answers, console pages
// and static bundles are gzipped by the app.
let server: TestServer;
const API = { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22", "accept-encoding": "gzip" };

beforeAll(async () => {
  server = await sharedServer();
});
afterAll(() => server?.stop());

describe("gzip", () => {
  it("not for small API answers, yes for a large view=full page", async () => {
    const store = await server.client.beta.memoryStores.create({ name: "compression" });
    const note = "A note of about one kilobyte, repeated to fill a view=full page. ".repeat(16);
    for (let i = 0; i < 20; i++) await server.client.beta.memoryStores.memories.create(store.id, { path: `/n/${i}.md`, content: note });
    const small = await rawRequest(server.baseURL, "GET", `/v1/memory_stores/${store.id}/memories?depth=1`, API);
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["cache-control"]).toBe("no-transform");
    const large = await rawRequest(server.baseURL, "GET", `/v1/memory_stores/${store.id}/memories?view=full&limit=20`, API);
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("gzip");
  });

  it("for console pages and static bundles", async () => {
    const page = await rawRequest(server.baseURL, "GET", "/sign-in", { "accept-encoding": "identity" });
    const script = /\/_next\/static\/[^"']+\.js/.exec(page.body)?.[0];
    expect(script).toBeDefined();
    expect((await rawRequest(server.baseURL, "GET", script!, { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await rawRequest(server.baseURL, "GET", "/sign-in", { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
  });
});
