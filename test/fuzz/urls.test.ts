// Fuzz: every /v1 route with odd ids in its URL segments, and paths under /v1 that are no route.
import fc from "fast-check";
import { describe, it } from "vitest";
import { bodyObject, bodyText, junkValue } from "./arb-json.ts";
import { segment } from "./arb-paths.ts";
import { oddId, queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";
import { pathSafe } from "./http.ts";
import { ADMIN_KEY } from "../helpers/server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

/** Each route with the methods it serves; `{store}`, `{memory}`, `{version}` become odd ids. */
const ROUTES: [string, string[]][] = [
  ["/v1/memory_stores/{store}", ["GET", "POST", "DELETE"]],
  ["/v1/memory_stores/{store}/archive", ["POST"]],
  ["/v1/memory_stores/{store}/memories", ["GET", "POST"]],
  ["/v1/memory_stores/{store}/memories/{memory}", ["GET", "POST", "DELETE"]],
  ["/v1/memory_stores/{store}/memory_versions", ["GET"]],
  ["/v1/memory_stores/{store}/memory_versions/{version}", ["GET"]],
  ["/v1/memory_stores/{store}/memory_versions/{version}/redact", ["POST"]],
  ["/v1/memory_stores/{store}/memory_tool", ["POST"]],
];

describe("fuzz: URLs", () => {
  it(
    "odd ids in any route are answered cleanly, and refusals write nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz urls", { "/a": "a", "/b/c": "c" });
      const memoryIds = Object.values(store.memoryIds);
      const versionIds = (await ctx.server.client.beta.memoryStores.memoryVersions.list(store.id)).data.map((v) => v.id);
      // The real store appears only where nothing irreversible can happen to it.
      const storeId = (method: string, template: string) =>
        (method === "DELETE" && !template.includes("{memory}")) || template.endsWith("/archive") ? oddId("memstore") : oddId("memstore", [store.id]);
      const req = fc
        .constantFrom(...ROUTES.flatMap(([template, methods]) => methods.map((method) => [template, method] as const)))
        .chain(([template, method]) =>
          fc.record({
            method: fc.constant(method),
            template: fc.constant(template),
            store: storeId(method, template),
            memory: oddId("mem", memoryIds),
            version: oddId("memver", versionIds),
            query: queryString(["view", "limit", "page", "expected_content_sha256", "session_id"]),
            body: fc.option(bodyText(bodyObject({ path: junkValue, content: junkValue, command: fc.constantFrom("view", "create"), name: junkValue })), {
              nil: undefined,
            }),
          }),
        );
      await checkProperty(FILE, "odd ids in routes", 60, [req], async (r) => {
        const path = r.template.replace("{store}", r.store).replace("{memory}", r.memory).replace("{version}", r.version) + r.query;
        await probe(ctx, { method: r.method, path, body: r.method === "GET" ? undefined : r.body }, { readOnly: r.method === "GET" });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );

  it(
    "paths under /v1 that are no route answer the envelope",
    async () => {
      const path = fc
        .array(fc.oneof(segment, fc.constantFrom("memory_stores", "memories", "memory_versions", "memory_tool", "v1", "..", "%2e%2e", "api_keys", "users")), {
          minLength: 1,
          maxLength: 6,
        })
        .map((segments) => "/v1/" + segments.map((s) => pathSafe(s).replace(/[?]/g, "%3F")).join("/"));
      const method = fc.constantFrom("GET", "POST", "DELETE", "PUT", "PATCH");
      await checkProperty(FILE, "unknown /v1 paths", 40, [method, path], async (m, p) => {
        // Only paths that stay under /v1 once Next.js has resolved `\`, `//` and `..` (it does so in this order);
        // the rest address the console's pages.
        fc.pre(new URL(p.replace(/\\/g, "/").replace(/\/{2,}/g, "/"), "http://server.invalid").pathname.startsWith("/v1/"));
        await probe(ctx, { method: m, path: p, body: m === "GET" ? undefined : "{}" }, { readOnly: true });
      });
    },
    timeoutFor(60),
  );

  it(
    "odd credentials, beta headers and content types: refused with the envelope, nothing written",
    async () => {
      const store = await fuzzStore(ctx, "fuzz headers");
      const printable = fc.string({ maxLength: 40 }).map((v) => v.replace(/[^\x20-\x7e]/g, ""));
      const header = (values: fc.Arbitrary<string>) => fc.option(values, { nil: undefined });
      const headers = fc.record({
        "x-api-key": header(fc.oneof(fc.constantFrom(ADMIN_KEY, ` ${ADMIN_KEY} `, ADMIN_KEY.toUpperCase(), ADMIN_KEY.slice(0, -1), "", " "), printable)),
        authorization: header(
          fc.constantFrom(`Bearer ${ADMIN_KEY}`, `bearer ${ADMIN_KEY}`, `Bearer  ${ADMIN_KEY}`, `Basic ${ADMIN_KEY}`, "Bearer", "Bearer ", ""),
        ),
        "anthropic-beta": header(
          fc.oneof(
            fc.constantFrom(
              "agent-memory-2026-07-22",
              "managed-agents-2026-04-01",
              "agent-memory-2026-07-22,managed-agents-2026-04-01",
              " agent-memory-2026-07-22 ,x",
              "AGENT-MEMORY-2026-07-22",
              "",
            ),
            printable,
          ),
        ),
        "anthropic-version": header(fc.constantFrom("2023-06-01", "2026-10-21", "", "garbage")),
        "content-type": header(
          fc.constantFrom(
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "",
            "application/json; charset=latin1",
          ),
        ),
      });
      let n = 0;
      await checkProperty(FILE, "odd headers", 40, [headers], async (h) => {
        const sent = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>;
        const req = {
          method: "POST",
          path: `/v1/memory_stores/${store.id}/memories`,
          body: JSON.stringify({ path: `/h/${n++}`, content: "x" }),
          headers: sent,
          bare: true,
        };
        await probe(ctx, req);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(60),
  );
});
