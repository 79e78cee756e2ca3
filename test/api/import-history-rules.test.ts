import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, expectEnvelope, keyIdOf, sha256 } from "../helpers/api.ts";
import type { QueryOf } from "../../lib/api-client/operation-types.ts";
import { sendImport } from "../helpers/operations.ts";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

// Issue 21, items 1 and 4, through a running server: POST /v1/imports?format=jsonl plants
// nothing a create would refuse, redacted or not, and what it writes says it was imported,
// attributed to the importer unless an admin keeps the file's authors.
let server: TestServer;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let adminKeyId: string;
let reviewer: { id: string; secret: string };

beforeAll(async () => {
  server = await sharedServer();
  adminKeyId = await keyIdOf(server);
  reviewer = await server.api.call("createApiKey", { body: { name: "importing reviewer", role: "reviewer" } });
});
afterAll(() => server?.stop());

const stores = () => server.client.beta.memoryStores;

async function upload(query: Omit<QueryOf<"importUpload">, "format">, body: string, key?: string) {
  const response = await sendImport(key ? server.apiWith(key) : server.api, { format: "jsonl", ...query }, body);
  return { status: response.status, body: (await response.clone().json()) as Json, response };
}

const T0 = "2026-01-01T00:00:00.000Z";
const FILE_KEY = { type: "api_actor", api_key_id: "apikey_from_the_file" };

/** A JSON Lines export, line by line: the store, the live memories the history ends with, then the versions. */
function file(memories: { path: string; content: string }[], versions: Json[]): string {
  const lines: Json[] = [
    { type: "memory_store", id: "memstore_file", name: "from a file", description: "", metadata: {}, created_at: T0, updated_at: T0, archived_at: null },
    ...memories.map((m) => ({ type: "memory", path: m.path, content_sha256: sha256(m.content) })),
    ...versions.map((v, i) => ({
      type: "memory_version",
      id: `memver_file${i}`,
      memory_store_id: "memstore_file",
      path: null,
      content: null,
      content_sha256: null,
      content_size_bytes: null,
      created_at: T0,
      created_by: FILE_KEY,
      redacted_at: null,
      redacted_by: null,
      ...v,
    })),
  ];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

const created = (memory_id: string, path: string | null, content: string | null, more: Json = {}) => ({
  memory_id,
  operation: "created",
  path,
  content,
  ...more,
});
const modified = (memory_id: string, path: string | null, content: string | null, more: Json = {}) => ({
  memory_id,
  operation: "modified",
  path,
  content,
  ...more,
});
const REDACTED = { redacted_at: "2026-01-02T00:00:00.000Z", redacted_by: FILE_KEY };

/** A one-memory history that ends live at `path` with `content`, its only version redacted or not. */
const single = (path: string, content: string, redacted: boolean) =>
  file([{ path, content: redacted ? "" : content }], [created("mem_1", path, content, redacted ? REDACTED : {})]);

let refusals = 0;
/** The import is a 400 in the envelope, naming `problem`, and nothing is written: no store by that name, no version, no report. */
async function expectRefused(body: string, problem: RegExp) {
  const name = `refused ${++refusals}`;
  const res = await upload({ name }, body);
  const error = await expectEnvelope(res.response, 400, "invalid_request_error");
  expect(error.message).toMatch(problem);
  const listed = await collect(stores().list({ include_archived: true, limit: 100 }));
  expect(listed.some((s) => s.name === name)).toBe(false);
  // Into an existing empty store too: it stays empty, without versions or an import report.
  const store = await stores().create({ name: `${name} target` });
  const again = await upload({ store_id: store.id }, body, reviewer.secret);
  await expectEnvelope(again.response, 400, "invalid_request_error");
  expect(((await stores().retrieve(store.id)) as unknown as Json).memory_count).toBe(0);
  expect((await stores().memoryVersions.list(store.id)).data).toEqual([]);
  const reports = await server.api.call("listImports", { query: { store_id: store.id } });
  expect(reports.data).toEqual([]);
  return error.message as string;
}

describe("an imported version passes the rules of a create, redacted or not", () => {
  for (const redacted of [true, false]) {
    const how = redacted ? "redacted" : "not redacted";
    it(`paths that a create refuses (${how}): '..', NUL, 3,000 bytes, no leading '/', NFD`, async () => {
      await expectRefused(single("/../../escape.md", "x", redacted), /'\.\.' segments/);
      await expectRefused(single("/a\u0000b.md", "x", redacted), /control or format characters/);
      await expectRefused(single("/" + "a".repeat(3000), "x", redacted), /at most 1024 bytes/);
      await expectRefused(single("no-slash.md", "x", redacted), /must start with '\/'/);
      await expectRefused(single("/cafe\u0301.md", "x", redacted), /NFC/);
    });

    it(`content over 100 kB (${how}), and in a deleted or later version too`, async () => {
      const big = "a".repeat(300_000);
      await expectRefused(single("/big.md", big, redacted), /300000 bytes/);
      const later = file(
        [{ path: "/b.md", content: "small" }],
        [created("mem_1", "/b.md", "x"), modified("mem_1", null, big, REDACTED), modified("mem_1", "/b.md", "small")],
      );
      await expectRefused(later, /Version 2 .*300000 bytes/);
    });

    it(`overlapping live paths (${how}): /o and /o/p.md, and NFC beside NFD twins`, async () => {
      const extra = redacted ? REDACTED : {};
      const overlap = file(
        [
          { path: "/o", content: redacted ? "" : "o" },
          { path: "/o/p.md", content: "p" },
        ],
        [created("mem_1", "/o", "o", extra), created("mem_2", "/o/p.md", "p")],
      );
      await expectRefused(overlap, /Version 2 .*\/o is a memory, so it cannot also be a folder of \/o\/p\.md/);
      const twins = file(
        [
          { path: "/café.md", content: "nfc" },
          { path: "/cafe\u0301.md", content: redacted ? "" : "nfd" },
        ],
        [created("mem_1", "/café.md", "nfc"), created("mem_2", "/cafe\u0301.md", "nfd", extra)],
      );
      await expectRefused(twins, /Version 2 .*NFC/);
    });
  }

  it("a live memory cannot end with a redacted head; a redacted version is only ever a replaced one", async () => {
    const head = file([{ path: "/h.md", content: "" }], [created("mem_1", "/h.md", "one"), modified("mem_1", null, null, REDACTED)]);
    await expectRefused(head, /redacted version as its current one/);
    // Redacted without a path and never replaced: the placeholder it would hold never becomes a memory.
    const nowhere = file([{ path: "/.imported-redacted/x", content: "" }], [created("mem_1", null, null, REDACTED)]);
    await expectRefused(nowhere, /redacted version as its current one/);
    // A version that is not redacted must have its path and content.
    await expectRefused(file([{ path: "/n.md", content: "" }], [created("mem_1", null, "")]), /path: must be a string/);
    await expectRefused(file([{ path: "/n.md", content: "" }], [created("mem_1", "/n.md", null)]), /content: must be a string/);
  });

  it("timestamps in the future are refused, a few minutes of clock skew are not", async () => {
    await expectRefused(
      file([{ path: "/f.md", content: "f" }], [created("mem_1", "/f.md", "f", { created_at: "2999-01-01T00:00:00.000Z" })]),
      /created_at: .* in the future/,
    );
    const redactedLater = file(
      [{ path: "/f.md", content: "2" }],
      [created("mem_1", "/f.md", "1", { redacted_at: "2999-01-01T00:00:00Z", redacted_by: FILE_KEY }), modified("mem_1", "/f.md", "2")],
    );
    await expectRefused(redactedLater, /redacted_at: .* in the future/);
    await expectRefused(file([{ path: "/f.md", content: "f" }], [created("mem_1", "/f.md", "f", { created_at: "2020" })]), /RFC 3339/);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const ok = await upload({ name: "skew" }, file([{ path: "/f.md", content: "f" }], [created("mem_1", "/f.md", "f", { created_at: soon })]));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("actors the file names must be well formed", async () => {
    const one = (created_by: unknown) => file([{ path: "/a.md", content: "a" }], [created("mem_1", "/a.md", "a", { created_by })]);
    await expectRefused(one({ type: "api_actor" }), /api_key_id must be/);
    await expectRefused(one({ type: "root_actor", id: "x" }), /type must be one of/);
    await expectRefused(one({ type: "user_actor", user_id: "x".repeat(300) }), /user_id must be/);
  });

  it("a redacted version without a path takes its memory's next path, and no placeholder is ever seen", async () => {
    const body = file(
      [{ path: "/real.md", content: "now" }],
      [
        created("mem_1", null, null, REDACTED),
        modified("mem_1", "/real.md", "now"),
        created("mem_2", "/gone.md", "g"),
        { memory_id: "mem_2", operation: "deleted", path: "/gone.md" },
      ],
    );
    const res = await upload({ name: "placeholders" }, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const storeId = res.body.store_id as string;
    const listed = await collect(stores().memories.list(storeId, { path_prefix: "/" }));
    expect(listed.map((m) => m.path)).toEqual(["/real.md"]);
    const versions = await collect(stores().memoryVersions.list(storeId, { view: "full" }));
    expect(versions.map((v) => [v.operation, v.path, v.redacted_at !== null])).toEqual([
      ["deleted", "/gone.md", false],
      ["created", "/gone.md", false],
      ["modified", "/real.md", false],
      ["created", null, true],
    ]);
    expect(JSON.stringify(versions)).not.toContain("imported-redacted");
  });
});

describe("imported history is honest", () => {
  const history = () =>
    file(
      [{ path: "/notes/a.md", content: "two" }],
      [
        created("mem_1", "/notes/a.md", "one", { created_by: { type: "api_actor", api_key_id: adminKeyId }, created_at: "2020-05-01T10:00:00.000Z" }),
        modified("mem_1", "/notes/a.md", "two", {
          created_by: { type: "session_actor", session_id: "sess_from_file" },
          created_at: "2020-05-02T10:00:00.000Z",
        }),
      ],
    );

  it("a reviewer's import: every version is the reviewer's, at the import's time; the file's author and time are its claim", async () => {
    const before = Date.now();
    const res = await upload({ name: "reviewer import" }, history(), reviewer.secret);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const storeId = res.body.store_id as string;
    const versions = await collect(stores().memoryVersions.list(storeId));
    expect(versions).toHaveLength(2);
    for (const v of versions) {
      expect(v.created_by).toEqual({ type: "api_actor", api_key_id: reviewer.id });
      expect(Date.parse(v.created_at)).toBeGreaterThanOrEqual(before - 1000);
    }
    const [second, first] = versions as ((typeof versions)[number] & { imported: Json })[];
    expect(first!.imported).toEqual({
      import_id: res.body.import_id,
      source: "jsonl",
      imported_by: { type: "api_actor", api_key_id: reviewer.id },
      imported_at: first!.imported.imported_at,
      attribution: "importer",
      claimed_created_by: { type: "api_actor", api_key_id: adminKeyId },
      claimed_created_at: "2020-05-01T10:00:00.000Z",
    });
    expect(second!.imported).toMatchObject({ claimed_created_by: { type: "session_actor", session_id: "sess_from_file" }, attribution: "importer" });
    // The same on a retrieve.
    const one = (await (await server.fetch(`/v1/memory_stores/${storeId}/memory_versions/${first!.id}`)).json()) as Json;
    expect(one.imported).toEqual(first!.imported);
  });

  it("a version filter never finds what the principal did not write here: the admin key and the file's session find nothing", async () => {
    const res = await upload({ name: "reviewer filters" }, history(), reviewer.secret);
    const storeId = res.body.store_id as string;
    const by = async (filter: Json) => (await collect(stores().memoryVersions.list(storeId, filter))).length;
    expect(await by({ api_key_id: adminKeyId })).toBe(0);
    expect(await by({ session_id: "sess_from_file" })).toBe(0);
    expect(await by({ api_key_id: reviewer.id })).toBe(2);
    // Search filters go through the same rule.
    const search = async (filter: { api_key_id?: string; session_id?: string }) =>
      (await server.api.call("search", { query: { q: "two", scope: "versions", memory_store_id: [storeId], ...filter } })).data.length;
    expect(await search({ api_key_id: adminKeyId })).toBe(0);
    expect(await search({ session_id: "sess_from_file" })).toBe(0);
    expect(await search({ api_key_id: reviewer.id })).toBe(1);
  });

  it("only an admin may keep the file's authors: a reviewer asking for attribution=file gets a 403 and nothing is written", async () => {
    const name = "reviewer asks for file";
    const res = await upload({ name, attribution: "file" }, history(), reviewer.secret);
    await expectEnvelope(res.response, 403, "permission_error");
    const listed = await collect(stores().list({ include_archived: true, limit: 100 }));
    expect(listed.some((s) => s.name === name)).toBe(false);
  });

  it("an admin's import keeps the file's authors and times, still marked imported; filters by those authors find none of it, the admin's key all", async () => {
    const res = await upload({ name: "admin import" }, history());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const storeId = res.body.store_id as string;
    const [second, first] = (await collect(stores().memoryVersions.list(storeId))) as unknown as [Json, Json];
    expect(first).toMatchObject({ created_by: { type: "api_actor", api_key_id: adminKeyId }, created_at: "2020-05-01T10:00:00.000Z" });
    expect(second).toMatchObject({ created_by: { type: "session_actor", session_id: "sess_from_file" }, created_at: "2020-05-02T10:00:00.000Z" });
    for (const v of [first, second]) {
      expect(v.imported).toMatchObject({ import_id: res.body.import_id, attribution: "file", imported_by: { type: "api_actor", api_key_id: adminKeyId } });
    }
    expect(second.imported.claimed_created_by).toEqual({ type: "session_actor", session_id: "sess_from_file" });
    const by = async (filter: Json) => (await collect(stores().memoryVersions.list(storeId, filter))).map((v) => v.id);
    // The session the file names did not write here; the admin's key did (the session version keeps the key that wrote it).
    expect(await by({ session_id: "sess_from_file" })).toEqual([]);
    expect(await by({ api_key_id: adminKeyId })).toEqual([second.id, first.id]);
    // attribution=importer: an admin may also decline to vouch for the file.
    const declined = await upload({ name: "admin declines", attribution: "importer" }, history());
    const own = await collect(stores().memoryVersions.list(declined.body.store_id as string));
    expect(own.every((v) => (v as Json).imported.attribution === "importer" && Date.parse(v.created_at) > Date.parse("2026-01-01"))).toBe(true);
  });

  it("versions imported from an archive are marked too; versions written through the API are not", async () => {
    const source = await stores().create({ name: "zip source" });
    await stores().memories.create(source.id, { path: "/z.md", content: "z" });
    const zip = new Uint8Array(await (await server.api.send("exportStore", { params: { store: source.id }, query: { format: "zip" } })).arrayBuffer());
    const response = await sendImport(server.apiWith(reviewer.secret), { format: "zip", name: "zip copy" }, zip);
    const result = (await response.json()) as Json;
    const [copied] = (await collect(stores().memoryVersions.list(result.store_id as string))) as Json[];
    expect(copied!.imported).toMatchObject({
      import_id: result.import_id,
      source: "zip",
      imported_by: { type: "api_actor", api_key_id: reviewer.id },
      attribution: "importer",
      claimed_created_by: null,
      claimed_created_at: null,
    });
    expect(copied!.created_by).toEqual({ type: "api_actor", api_key_id: reviewer.id });
    const [original] = (await collect(stores().memoryVersions.list(source.id))) as Json[];
    expect(original!.imported).toBeNull();
  });
});
