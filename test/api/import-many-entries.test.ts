import { zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect } from "../helpers/api.ts";
import type { QueryOf } from "../../lib/api-client/operation-types.ts";
import { sendImport } from "../helpers/operations.ts";
import { FORCED_GC_ENV, startServer, type TestServer } from "../helpers/server.ts";

// Issue 21, item 2: a zip of 3,000 tiny files answered 400 "Maximum call stack size exceeded"
// (stored), and deflated it aborted the process a few requests later, when the garbage
// collector met a zlib handle that was never initialised. The server here runs a full garbage
// collection on request (FORCED_GC_ENV), so that such a handle aborts it within the test.
let server: TestServer;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer({ env: FORCED_GC_ENV });
});
afterAll(() => server?.stop());

/**
 * `count` files of 5–8 bytes (or `size`) as Python's zipfile writes them with writestr: sizes in
 * the local headers, no data descriptors, made on Unix with permissions only (0o600 << 16).
 */
function pythonLikeZip(count: number, level: 0 | 6, size?: number): Uint8Array {
  const files: Zippable = {};
  for (let i = 0; i < count; i++) {
    const body = size === undefined ? `n${i}`.padEnd(5 + (i % 4), "x") : `note ${i} `.repeat(20).slice(0, size);
    files[`notes/${String(i).padStart(5, "0")}.md`] = [new TextEncoder().encode(body), { level, os: 3, attrs: 0o600 << 16 }];
  }
  return zipSync(files);
}

async function importZip(query: Omit<QueryOf<"importUpload">, "format">, body: Uint8Array): Promise<{ status: number; body: Json }> {
  const response = await sendImport(server.api, { format: "zip", ...query }, body as BodyInit);
  return { status: response.status, body: (await response.json()) as Json };
}

/** The server process is running and answers a read. */
async function expectAlive() {
  expect(server.alive(), server.log().slice(-3000)).toBe(true);
  expect((await server.fetch("/v1/memory_stores?limit=1")).status).toBe(200);
}

describe("zips of thousands of tiny entries", () => {
  for (const [label, level] of [
    ["stored", 0],
    ["deflated", 6],
  ] as const) {
    it(`3,000 ${label} entries of 5–8 bytes: repeated dry runs, a forced GC, then the import writes all 3,000; the server lives`, async () => {
      const zip = pythonLikeZip(3_000, level);
      for (let i = 0; i < 4; i++) {
        const dry = await importZip({ name: "many", dry_run: true }, zip);
        expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
        expect(dry.body.counts).toMatchObject({ create: 3_000, refused: 0 });
      }
      await server.forceGc();
      await expectAlive();
      const done = await importZip({ name: `${label}-3000` }, zip);
      expect(done.status, JSON.stringify(done.body).slice(0, 500)).toBe(200);
      expect(done.body.counts).toMatchObject({ create: 3_000, refused: 0 });
      const storeId = done.body.store_id as string;
      const listed = await collect(server.client.beta.memoryStores.memories.list(storeId, { path_prefix: "/notes/", view: "full", limit: 100 }));
      expect(listed).toHaveLength(3_000);
      expect(listed.map((m) => ("content" in m ? [m.path, m.content] : [m.path])).at(-1)).toEqual(["/notes/02999.md", "n2999xxx"]);
      await server.forceGc();
      await expectAlive();
    }, 120_000);
  }

  it("10,000 deflated entries of 100 bytes: the dry run lists all of them, twice, and the server lives through a forced GC", async () => {
    const zip = pythonLikeZip(10_000, 6, 100);
    for (let i = 0; i < 2; i++) {
      const dry = await importZip({ name: "many", dry_run: true }, zip);
      expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
      expect(dry.body.counts).toMatchObject({ create: 10_000, refused: 0 });
    }
    await server.forceGc();
    await expectAlive();
  }, 120_000);

  it("past the entry limit: refused from the central directory with a clear message, nothing written, the server lives", async () => {
    const before = (await server.client.beta.memoryStores.list({ limit: 100 })).data.length;
    const refused = await importZip({ name: "too-many" }, pythonLikeZip(20_001, 0));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ type: "invalid_request_error", message: "The archive has more than 20000 entries." });
    expect((await server.client.beta.memoryStores.list({ limit: 100 })).data.length).toBe(before);
    await server.forceGc();
    await expectAlive();
  }, 120_000);
});
