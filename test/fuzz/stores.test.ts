// Fuzz: /v1/memory_stores (create, list, retrieve, update, delete, archive) and the admin endpoints.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyObject, bodyText, junkValue } from "./arb-json.ts";
import { oddId, outsideBounds, queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

const name = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("", "a\u0000b", "a\nb", "x".repeat(256), "😀".repeat(255), "\ud800"));
const description = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("x".repeat(1_025), "\u0000"));
const metadata = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor", "", "k".repeat(65))),
    fc.oneof(fc.string({ maxLength: 8 }), junkValue),
    {
      maxKeys: 18,
    },
  ),
  junkValue,
);

describe("fuzz: memory stores", () => {
  it(
    "create store: any body is answered cleanly",
    async () => {
      const body = bodyText(bodyObject({ name, description, metadata }));
      await checkProperty(FILE, "create store bodies", 50, [body], async (text) => {
        const { ok, body: store } = await probe(ctx, { method: "POST", path: "/v1/memory_stores", body: text });
        if (ok) ctx.stores.add(store.id as string);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(50),
  );

  it(
    "update store: any body is answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz update store", { "/a": "a" });
      const body = bodyText(bodyObject({ name, description, metadata }));
      await checkProperty(FILE, "update store bodies", 50, [body], async (text) => {
        await probe(ctx, { method: "POST", path: `/v1/memory_stores/${store.id}`, body: text });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(50),
  );

  it(
    "list stores: any query is answered cleanly and writes nothing",
    async () => {
      await fuzzStore(ctx, "fuzz list stores");
      const query = queryString(["include_archived", "created_at[gte]", "created_at[lte]", "limit", "page"]);
      await checkProperty(FILE, "list stores queries", 40, [query], async (q) => {
        const { ok, body } = await probe(ctx, { method: "GET", path: `/v1/memory_stores${q}` }, { readOnly: true });
        if (ok) expect(outsideBounds(q, body.data as { created_at: string }[])).toEqual([]);
      });
    },
    timeoutFor(60),
  );

  it(
    "archive and delete stores: odd ids and bodies are answered cleanly",
    async () => {
      // A store of its own per run, so archiving or deleting one leaves the others to fuzz.
      const req = fc.tuple(
        fc.constantFrom("archive", "delete", "retrieve"),
        fc.option(oddId("memstore"), { nil: undefined }),
        fc.option(bodyText(bodyObject({ name, reason: junkValue })), { nil: undefined }),
      );
      await checkProperty(FILE, "archive and delete stores", 30, [req], async ([action, odd, body]) => {
        const id = odd ?? (await ctx.server.client.beta.memoryStores.create({ name: "fuzz archive" })).id;
        const path = `/v1/memory_stores/${id}`;
        if (action === "archive") await probe(ctx, { method: "POST", path: `${path}/archive`, body });
        else if (action === "delete") await probe(ctx, { method: "DELETE", path, body });
        else await probe(ctx, { method: "GET", path }, { readOnly: true });
      });
      await expectInvariants(ctx);
    },
    timeoutFor(30),
  );
});

describe("fuzz: admin endpoints", () => {
  it(
    "api keys and users: any body and odd ids are answered cleanly",
    async () => {
      const role = fc.oneof(fc.constantFrom("admin", "editor", "viewer", "reviewer", "owner", "ADMIN", ""), junkValue);
      const keyBody = bodyText(
        bodyObject({ name, role, store_ids: fc.oneof(fc.array(oddId("memstore")), junkValue), read_only: fc.oneof(fc.boolean(), junkValue) }),
      );
      const email = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 10 }), fc.constantFrom("a@b", "A@B.example", "x".repeat(400) + "@e.example"));
      const password = fc.oneof(fc.string({ minLength: 12, maxLength: 20 }), fc.string({ maxLength: 4 }), fc.constantFrom("x".repeat(10_000)));
      const userBody = bodyText(bodyObject({ email, password, role, name }));
      const userUpdate = bodyText(bodyObject({ role, name, password, disabled: fc.oneof(fc.boolean(), junkValue) }));
      const req = fc.oneof(
        keyBody.map((body) => ({ method: "POST", path: "/v1/api_keys", body })),
        userBody.map((body) => ({ method: "POST", path: "/v1/users", body })),
        fc.tuple(oddId("user"), userUpdate).map(([id, body]) => ({ method: "POST", path: `/v1/users/${id}`, body })),
        oddId("apikey").map((id) => ({ method: "POST", path: `/v1/api_keys/${id}/revoke` })),
        fc
          .tuple(fc.constantFrom("/v1/api_keys", "/v1/users", "/v1/me", "/v1/actors"), queryString(["limit", "page"]))
          .map(([p, q]) => ({ method: "GET", path: p + q })),
      );
      await checkProperty(FILE, "admin endpoints", 40, [req], async (r) => {
        await probe(ctx, r, { readOnly: r.method === "GET" });
      });
    },
    timeoutFor(40, 1_000),
  );
});
