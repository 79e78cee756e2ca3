// Fuzz: time travel (issue 23). Any moment, prefix, depth, cursor and actor filter on the store
// as of a moment, on the changes between two moments and on the store's activity is answered cleanly and writes nothing;
// any restore or revert dry-run body is answered cleanly (never a 5xx, the envelope when refused).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyObject, bodyText } from "./arb-json.ts";
import { oddId, queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { pathSafe } from "./http.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;
const moment = fc.constantFrom(new Date(Date.now() - 1_000).toISOString(), "2026-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "yesterday", "", null, 5);

describe("fuzz: time travel", () => {
  it(
    "as of a moment and changes between two: any query is answered cleanly and writes nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz time travel", { "/a/b.md": "b", "/a/c/d.md": "d", "/e.md": "e" });
      const list = fc
        .tuple(oddId("mem", ["mem_missing"]), queryString(["as_of", "path_prefix", "depth", "view", "limit", "page"]), fc.boolean())
        .map(([id, query, one]) => `/v1/point_in_time/${store.id}/memories${one ? `/${id}` : ""}${query}`);
      const changes = queryString(["from", "to", "path_prefix", "api_key_id", "user_id", "session_id", "limit", "page"]).map(
        (q) => `/v1/store_changes/${store.id}${q}`,
      );
      const activity = queryString(["from", "to", "limit", "buckets"]).map((q) => `/v1/store_activity/${store.id}${q}`);
      await checkProperty(FILE, "time travel reads", 80, [fc.oneof(list, changes, activity)], async (path) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: pathSafe(path) }, { readOnly: true });
        if (ok && path.includes("/store_activity/")) expect(Array.isArray(body.buckets)).toBe(true);
        else if (ok && !path.includes("/memories/")) expect(Array.isArray(body.data)).toBe(true);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );

  it(
    "restore and revert dry runs: any body is answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz restore", { "/users/a/b.md": "b" });
      const restore = bodyText(
        bodyObject({
          memory_store_id: fc.constantFrom(store.id, "memstore_missing", "", null),
          as_of: moment,
          path_prefix: fc.constantFrom("/", "/users/", "users", "/../", "", "/a//", null),
        }),
      ).map((body) => ({ path: "/v1/restores", body }));
      const revert = bodyText(
        bodyObject({
          memory_store_id: fc.constantFrom(store.id, "memstore_missing", ""),
          session_id: fc.option(fc.constantFrom("sess_1", "", "\u0000", "s".repeat(300))),
          api_key_id: fc.option(fc.constantFrom("apikey_x", "")),
          user_id: fc.option(fc.constantFrom("user_x", "")),
          "created_at[gte]": moment,
          "created_at[lte]": moment,
        }),
      ).map((body) => ({ path: "/v1/reverts", body }));
      await checkProperty(FILE, "restore and revert bodies", 40, [fc.oneof(restore, revert)], async ({ path, body }) => {
        await probe(ctx, { method: "POST", path, body, headers: { "content-type": "application/json" } });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(40),
  );
});
