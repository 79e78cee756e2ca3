// Fuzz: GET /v1/store_search and the bulk delete dry run (issue 11). Any filter is answered
// cleanly (never a 5xx, the envelope when refused); a store search writes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyObject, bodyText } from "./arb-json.ts";
import { queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { pathSafe } from "./http.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

const piece = fc.oneof(
  fc.constantFrom("", ":", "a:b", ":x", "key:", "k:v:w", "%", "\u0000", "__proto__:x", "constructor:y", "x".repeat(300)),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 8 }),
);
const encode = (value: string) => encodeURIComponent(value.isWellFormed() ? value : value.toWellFormed());

describe("fuzz: find stores and bulk delete", () => {
  it(
    "store search: any name and metadata filter is answered cleanly and writes nothing",
    async () => {
      await fuzzStore(ctx, "fuzz find", { "/a.md": "a" });
      const query = fc
        .tuple(fc.array(piece, { maxLength: 3 }), fc.option(piece), queryString(["include_archived", "limit", "page"]))
        .map(
          ([pairs, name, rest]) =>
            `/v1/store_search?${pairs.map((p) => `metadata=${encode(p)}`).join("&")}${name === null ? "" : `&name=${encode(name)}`}${rest.replace(/^\?/, "&")}`,
        );
      await checkProperty(FILE, "store search queries", 60, [query], async (path) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: pathSafe(path) }, { readOnly: true });
        if (ok) expect(Array.isArray(body.data)).toBe(true);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(60),
  );

  it(
    "bulk delete dry run: any body is answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz bulk", { "/users/a/b.md": "b" });
      const body = bodyText(
        bodyObject({
          target: fc.constantFrom("memories", "stores", "everything", ""),
          memory_store_id: fc.constantFrom(store.id, "memstore_missing", "", null),
          path_prefix: fc.constantFrom("/", "/users/", "users", "/../", "", "/a//"),
          name: fc.option(piece),
          metadata: fc.constantFrom(null, {}, { end_user: "nobody-fuzz" }, { "": "x" }, "k:v", ["k"]),
        }),
      );
      await checkProperty(FILE, "bulk delete dry run bodies", 40, [body], async (json) => {
        await probe(ctx, { method: "POST", path: "/v1/bulk_deletions", body: json, headers: { "content-type": "application/json" } });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(40),
  );
});
