// Fuzz: GET /v1/search and the erase dry run. Any text, in either mode, is text: never index
// query syntax, never a 5xx, and a search writes nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyObject, bodyText } from "./arb-json.ts";
import { queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { pathSafe } from "./http.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

/** Texts that are syntax somewhere: FTS5 (quotes, NEAR, *, ^, :, column filters), tsquery (&, |, !, :*), LIKE (%, _, \). */
const SYNTAX = [
  '"',
  '""',
  '"a" OR "b"',
  "NEAR(a b, 2)",
  "a AND NOT b",
  "sk-ant-*",
  "^start",
  "{path content}: x",
  "path:/notes",
  "a & b | !c",
  "x:* <-> y",
  "100%_done",
  "\\",
  "\\%",
  "'; DROP TABLE memories; --",
  "+1 (555)",
  "a\nb",
  "\t \t",
  "😀😀😀",
  "é\u0301",
  "x".repeat(1_001),
];
const text = fc.oneof(
  { arbitrary: fc.constantFrom(...SYNTAX), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
);
const encode = (value: string) => encodeURIComponent(value.isWellFormed() ? value : value.toWellFormed());

describe("fuzz: search and erase", () => {
  it(
    "search: any text in any mode and scope is answered cleanly and writes nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz search", {
        "/notes/syntax.md": SYNTAX.slice(0, 18).join("\n"),
        "/people/maria.md": "Maria: +1 (555) 010-1234, sk-ant-api03-FUZZ",
      });
      const query = fc
        .tuple(
          text,
          fc.constantFrom("", "&mode=exact", "&mode=words", "&mode=EXACT"),
          fc.constantFrom("", "&scope=versions", "&scope=memories", "&scope=all"),
          fc.constantFrom("", `&memory_store_id=${store.id}`, "&memory_store_id=memstore_missing", `&memory_store_id=${store.id}&memory_store_id=${store.id}`),
          queryString(["path_prefix", "limit", "page", "created_at[gte]", "api_key_id"]),
        )
        .map(([q, mode, scope, stores, rest]) => `/v1/search?q=${encode(q)}${mode}${scope}${stores}${rest.replace(/^\?/, "&")}`);
      await checkProperty(FILE, "search queries", 80, [query], async (path) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: pathSafe(path) }, { readOnly: true });
        if (ok) expect(Array.isArray(body.data)).toBe(true);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );

  it(
    "erase dry run: any body is answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz erase", { "/k.md": "key sk-ant-api03-FUZZ and 100%_done" });
      const body = bodyText(
        bodyObject({
          query: text,
          action: fc.constantFrom("replace", "delete", "shred", ""),
          marker: fc.oneof(fc.constantFrom("[erased]", "", "sk-ant-", "\u0000", "x".repeat(101)), fc.string({ maxLength: 10 })),
          memory_store_ids: fc.constantFrom(null, [store.id], ["memstore_missing"], [], "all"),
        }),
      );
      await checkProperty(FILE, "erase dry run bodies", 40, [body], async (json) => {
        await probe(ctx, { method: "POST", path: "/v1/erasures", body: json, headers: { "content-type": "application/json" } });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(40),
  );

  it(
    "pattern erase: any pattern, hostile regexes included, is answered cleanly and in time",
    async () => {
      const store = await fuzzStore(ctx, "fuzz pattern", { "/p.md": `ana@example.com +44 20 7946 0958 ${"a".repeat(5000)} (((x)))` });
      const regex = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom("(a+)+$", "(a|aa)*b", "(?:a?){40}a{40}", "[a-z]{0,1000}", "(?=x)", "\\1", "(", "\\", "(?i)ANA@", ".*", "", "a**"),
      );
      const pattern = fc.oneof(
        fc.record({ type: fc.constant("regex"), regex }),
        fc.record({ type: fc.constantFrom("email", "phone", "literal", "other") }),
        fc.record({ type: fc.constant("literal"), values: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) }),
        fc.constantFrom(null, "email", [], {}),
      );
      const body = bodyText(
        bodyObject({ pattern, memory_store_ids: fc.constantFrom(null, [store.id], ["memstore_missing"], "all"), limit: fc.constantFrom(1, 0, 1001, "x") }),
      );
      await checkProperty(FILE, "pattern erase bodies", 40, [body], async (json) => {
        await probe(ctx, { method: "POST", path: "/v1/erasure_matches", body: json, headers: { "content-type": "application/json" } }, { readOnly: true });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(40),
  );
});
