// Fuzz: who read what (issue 45). Any query on a store's reads, a version's readers and its
// unread memories is answered cleanly (never a 5xx, the envelope when refused) and changes no
// memory; any session header on a read is either taken or refused with a 400.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oddId, queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { pathSafe } from "./http.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

describe("fuzz: who read what", () => {
  it(
    "reads, readers and unread memories: any query is answered cleanly and changes no memory",
    async () => {
      const store = await fuzzStore(ctx, "fuzz reads", { "/a/b.md": "b", "/c.md": "c" });
      const memories = await ctx.server.client.beta.memoryStores.memories.list(store.id, { view: "full" });
      const ids = memories.data.flatMap((m) => (m.type === "memory" ? [{ memory: m.id, version: m.memory_version_id }] : []));
      const storeId = oddId("memstore", [store.id]);
      const reads = fc
        .tuple(
          storeId,
          queryString(["memory_id", "version_id", "session_id", "api_key_id", "user_id", "channel", "created_at[gte]", "created_at[lte]", "limit", "page"]),
        )
        .map(([id, query]) => `/v1/memory_reads/${id}${query}`);
      const readers = fc
        .tuple(
          storeId,
          oddId(
            "memver",
            ids.map((i) => i.version),
          ),
          queryString(["limit", "page"]),
        )
        .map(([id, version, query]) => `/v1/version_readers/${id}/${version}${query}`);
      const unread = fc.tuple(storeId, queryString(["days", "limit", "page"])).map(([id, query]) => `/v1/unread_memories/${id}${query}`);
      await checkProperty(FILE, "reads queries", 80, [fc.oneof(reads, readers, unread)], async (path) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: pathSafe(path) }, { readOnly: true });
        if (ok) expect(Array.isArray(body.data)).toBe(true);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );

  it(
    "a read's session header: any value is taken or refused with a 400",
    async () => {
      const store = await fuzzStore(ctx, "fuzz read sessions", { "/s.md": "s" });
      const memory = (await ctx.server.client.beta.memoryStores.memories.list(store.id)).data.find((m) => m.type === "memory")!;
      const header = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("sess_ok", "", " ", "s".repeat(300), "sess\u0000x", "ünïcode"));
      await checkProperty(FILE, "read session headers", 60, [header], async (session) => {
        // Header values must be ByteStrings: fetch itself refuses others, which says nothing of the server.
        fc.pre(/^[\t\x20-\x7e]*$/.test(session));
        const { ok, res } = await probe(
          ctx,
          { method: "GET", path: `/v1/memory_stores/${store.id}/memories/${memory.id}`, headers: { "x-memory-session-id": session } },
          { readOnly: true },
        );
        if (!ok) expect(res.status).toBe(400);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(60),
  );
});
