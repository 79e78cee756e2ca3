// Fuzz: /v1/memory_stores/{store}/memories and /memory_versions – paths, bodies, queries, ids.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyObject, bodyText, junkValue } from "./arb-json.ts";
import { boundaryPath, isValidMemoryPath, memoryPath, validMemoryPath } from "./arb-paths.ts";
import { forgedCursor, oddId, outsideBounds, queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";
import { encoded } from "./http.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

const SEED = { "/notes/todo.md": "one\ntwo\n", "/a": "a", "/deep/x/y/z.txt": "deep", "/é": "accented" };

/** Would `path` overlap a live path: the same path, or one an ancestor of the other. */
function overlaps(live: Set<string>, path: string): boolean {
  for (const other of live) {
    if (other === path || other.startsWith(path + "/") || path.startsWith(other + "/")) return true;
  }
  return false;
}

/** Each run of the content-size property stores 100 kB, so the long run makes at most 200 of them. */
const SIZE_RUNS = { short: 16, max: 200 };

const content = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", "\u0000", "\ud800", "x".repeat(102_401), "é".repeat(51_200)));

describe("fuzz: memories", () => {
  it(
    "create: a path is accepted exactly when the spec allows it and nothing overlaps it",
    async () => {
      const store = await fuzzStore(ctx, "fuzz create", SEED);
      const live = new Set(Object.keys(SEED));
      const path = fc.oneof({ arbitrary: memoryPath, weight: 3 }, { arbitrary: boundaryPath, weight: 2 }, { arbitrary: validMemoryPath, weight: 1 });
      await checkProperty(FILE, "create memory paths", 60, [path, fc.string({ maxLength: 20 })], async (path, text) => {
        const req = { method: "POST", path: `/v1/memory_stores/${store.id}/memories`, body: JSON.stringify({ path, content: text }) };
        const { res, body } = await probe(ctx, req);
        const exchange = `${JSON.stringify(path)} → ${res.status} ${res.text.slice(0, 200)}`;
        if (!isValidMemoryPath(path)) {
          expect({ status: res.status, type: (body.error as { type?: string })?.type }, exchange).toEqual({ status: 400, type: "invalid_request_error" });
        } else if (overlaps(live, path)) {
          expect({ status: res.status, type: (body.error as { type?: string })?.type }, exchange).toEqual({ status: 409, type: "memory_path_conflict_error" });
        } else {
          expect(res.status, exchange).toBe(200);
          expect(body.path, exchange).toBe(path);
          live.add(path);
        }
      });
      await expectInvariants(ctx);
    },
    timeoutFor(60),
  );

  it(
    "create: any body and query are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz create bodies");
      const body = bodyText(bodyObject({ path: memoryPath, content }));
      await checkProperty(FILE, "create memory bodies", 40, [body, queryString(["view"])], async (text, query) => {
        await probe(ctx, { method: "POST", path: `/v1/memory_stores/${store.id}/memories${query}`, body: text });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(40),
  );

  it(
    "content is accepted exactly up to 102,400 UTF-8 bytes",
    async () => {
      const store = await fuzzStore(ctx, "fuzz content size");
      let n = 0;
      const sized = fc
        .tuple(fc.constantFrom("x", "é", "€", "😀"), fc.integer({ min: 102_396, max: 102_404 }))
        .map(([ch, bytes]) => ch.repeat(Math.floor(bytes / Buffer.byteLength(ch))) + "x".repeat(bytes % Buffer.byteLength(ch)));
      await checkProperty(FILE, "content size", SIZE_RUNS, [sized], async (text) => {
        const req = { method: "POST", path: `/v1/memory_stores/${store.id}/memories`, body: JSON.stringify({ path: `/size/${n++}`, content: text }) };
        const { res } = await probe(ctx, req);
        expect(res.status, `${Buffer.byteLength(text)} bytes → ${res.text.slice(0, 200)}`).toBe(Buffer.byteLength(text) <= 102_400 ? 200 : 400);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(SIZE_RUNS),
  );

  it(
    "update: any body, query and memory id are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz update", SEED);
      const ids = Object.values(store.memoryIds);
      const precondition = fc.oneof(
        fc.record({ type: fc.constantFrom("content_sha256", "sha256", ""), content_sha256: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), junkValue) }),
        junkValue,
      );
      // Renames onto seeded paths, their folders and their children, to meet the overlap rule too.
      const newPath = fc.oneof(memoryPath, validMemoryPath, fc.constantFrom(...Object.keys(SEED), "/notes", "/deep", "/deep/x", "/a/b", "/é/x"));
      const body = bodyText(bodyObject({ content, path: newPath, precondition }));
      await checkProperty(FILE, "update memory bodies", 50, [oddId("mem", ids), body, queryString(["view"])], async (id, text, query) => {
        await probe(ctx, { method: "POST", path: `/v1/memory_stores/${store.id}/memories/${id}${query}`, body: text });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(50),
  );

  it(
    "list memories: any query is answered cleanly and writes nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz list", SEED);
      const query = queryString(["path_prefix", "depth", "view", "limit", "page"]);
      await checkProperty(FILE, "list memories queries", 40, [query], async (q) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: `/v1/memory_stores/${store.id}/memories${q}` }, { readOnly: true });
        if (ok) {
          expect(Array.isArray(body.data)).toBe(true);
          expect((body.data as unknown[]).length).toBeLessThanOrEqual(100);
          expect(body.next_page === null || typeof body.next_page === "string").toBe(true);
        }
      });
    },
    timeoutFor(60),
  );

  it(
    "retrieve and delete memories: odd ids and queries are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz retrieve delete", SEED);
      const ids = Object.values(store.memoryIds);
      const method = fc.constantFrom("GET", "GET", "DELETE");
      const query = queryString(["view", "expected_content_sha256"]);
      await checkProperty(FILE, "retrieve and delete memories", 50, [method, oddId("mem", ids), query], async (m, id, q) => {
        await probe(ctx, { method: m, path: `/v1/memory_stores/${store.id}/memories/${id}${q}` }, { readOnly: m === "GET" });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(50),
  );
});

describe("fuzz: memory versions", () => {
  it(
    "list versions: any query is answered cleanly and writes nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz versions", SEED);
      const memoryId = Object.values(store.memoryIds)[0]!;
      const query = queryString([
        "memory_id",
        "operation",
        "api_key_id",
        "session_id",
        "user_id",
        "service_account_id",
        "created_at[gte]",
        "created_at[lte]",
        "view",
        "limit",
        "page",
      ]);
      const withRealId = fc.oneof(
        query,
        query.map((q) => `${q || "?"}&memory_id=${encoded(memoryId)}`),
      );
      await checkProperty(FILE, "list versions queries", 40, [withRealId], async (q) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: `/v1/memory_stores/${store.id}/memory_versions${q}` }, { readOnly: true });
        if (ok) expect(outsideBounds(q, body.data as { created_at: string }[])).toEqual([]);
      });
    },
    timeoutFor(60),
  );

  it(
    "retrieve and redact versions: odd ids, queries and bodies are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz redact", SEED);
      const client = ctx.server.client.beta.memoryStores;
      // Old versions to redact: each seeded memory edited twice.
      for (const [path, id] of Object.entries(store.memoryIds)) {
        await client.memories.update(id, { memory_store_id: store.id, content: `${path} v2` });
        await client.memories.update(id, { memory_store_id: store.id, content: `${path} v3` });
      }
      const versions = (await client.memoryVersions.list(store.id, { limit: 100 })).data.map((v) => v.id);
      const req = fc.oneof(
        fc
          .tuple(oddId("memver", versions), queryString(["view"]))
          .map(([id, q]) => ({ method: "GET", path: `/v1/memory_stores/${store.id}/memory_versions/${id}${q}` })),
        fc
          .tuple(oddId("memver", versions), fc.option(bodyText(bodyObject({ reason: junkValue })), { nil: undefined }))
          .map(([id, body]) => ({ method: "POST", path: `/v1/memory_stores/${store.id}/memory_versions/${id}/redact`, body })),
      );
      await checkProperty(FILE, "retrieve and redact versions", 50, [req], async (r) => {
        await probe(ctx, r, { readOnly: r.method === "GET" });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(50),
  );

  it(
    "forged cursors are refused or followed, never a server error",
    async () => {
      const store = await fuzzStore(ctx, "fuzz cursors", SEED);
      const list = fc.constantFrom("memories", "memory_versions", "");
      await checkProperty(FILE, "forged cursors", 40, [list, forgedCursor], async (what, cursor) => {
        const base = what ? `/v1/memory_stores/${store.id}/${what}` : "/v1/memory_stores";
        await probe(ctx, { method: "GET", path: `${base}?page=${encoded(cursor)}` }, { readOnly: true });
      });
    },
    timeoutFor(40),
  );
});
