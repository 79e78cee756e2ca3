import { strFromU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, expectEnvelope, sha256 } from "../helpers/api.ts";
import type { BodyOf, QueryOf } from "../../lib/api-client/operation-types.ts";
import type { Query } from "../../lib/api-client/request.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Export and import (issue 12) through a running server: GET /v1/exports/{store}, POST /v1/imports.
let server: TestServer;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const stores = () => server.client.beta.memoryStores;

const as = (key?: string) => (key ? server.apiWith(key) : server.api);

async function download(storeId: string, format: "zip" | "tar.gz" | "jsonl", key?: string): Promise<Response> {
  return as(key).send("exportStore", { params: { store: storeId }, query: { format } });
}

type Uploaded = { status: number; body: Json; response: Response };
const answer = async (response: Response): Promise<Uploaded> => ({ status: response.status, body: (await response.clone().json()) as Json, response });
const file = (body: Uint8Array | string) => ({ body: body as BodyInit, contentType: "application/octet-stream" });

async function upload(query: QueryOf<"importUpload">, body: Uint8Array | string, key?: string): Promise<Uploaded> {
  return answer(await as(key).send("importUpload", { query, upload: file(body) }));
}
/** An import with a query the schema refuses (an unknown format, a flag that is no boolean). */
async function uploadUnchecked(query: Query, body: Uint8Array | string): Promise<Uploaded> {
  return answer(await sendUnchecked(server.api, "importUpload", { query, upload: file(body) }));
}

async function contents(storeId: string): Promise<Record<string, { content: string | null; sha: string }>> {
  const listed = await collect(stores().memories.list(storeId, { view: "full" }));
  return Object.fromEntries(
    listed.map((m) => ("content_sha256" in m ? [m.path, { content: m.content ?? null, sha: m.content_sha256 }] : [m.path, { content: null, sha: "" }])),
  );
}

/** A store with nested and unicode paths, an edit, a delete and a redacted version. */
async function seededStore(name: string): Promise<string> {
  const store = await stores().create({ name, description: "seeded", metadata: { team: "x" } });
  const a = await stores().memories.create(store.id, { path: "/notes/a.md", content: "first" });
  await stores().memories.create(store.id, { path: "/notes/deep/ünïcode — ✓.md", content: "héllo\r\n🎉" });
  const gone = await stores().memories.create(store.id, { path: "/gone.md", content: "bye" });
  await stores().memories.update(a.id, { memory_store_id: store.id, content: "secret" });
  await stores().memories.update(a.id, { memory_store_id: store.id, content: "second" });
  await stores().memories.delete(gone.id, { memory_store_id: store.id });
  const versions = await collect(stores().memoryVersions.list(store.id, { memory_id: a.id }));
  const secret = versions.find((v) => v.operation === "modified" && v.id !== versions[0]!.id)!;
  await stores().memoryVersions.redact(secret.id, { memory_store_id: store.id });
  return store.id;
}

describe("round trips", () => {
  it("zip and tar.gz: export → import into a new store → the same paths, contents and hashes; the manifest lists them", async () => {
    const source = await seededStore("archive source");
    const want = await contents(source);
    for (const format of ["zip", "tar.gz"] as const) {
      const res = await download(source, format);
      expect(res.status).toBe(200);
      // Named by the store's name and the day (issue 26).
      expect(res.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="archive-source-\\d{4}-\\d{2}-\\d{2}\\.${format.replace(".", "\\.")}"$`),
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (format === "zip") {
        const files = unzipSync(bytes);
        const manifest = JSON.parse(strFromU8(files["manifest.json"]!)) as Json;
        expect(manifest.store).toMatchObject({ id: source, name: "archive source", description: "seeded", metadata: { team: "x" } });
        expect(Object.fromEntries(manifest.files.map((f: Json) => [f.path, f.content_sha256]))).toEqual(
          Object.fromEntries(Object.entries(want).map(([p, m]) => [p, m.sha])),
        );
        expect(strFromU8(files["memories/notes/a.md"]!)).toBe("second");
      }
      const preview = await upload({ format, name: "copy" }, bytes);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body).toMatchObject({ dry_run: false, counts: { create: 2, refused: 0 } });
      const copy = preview.body.store_id as string;
      expect(await contents(copy)).toEqual(want);
      expect((await stores().retrieve(copy)).description).toBe("seeded");
      // Exported again, the archive holds the same files.
      const again = unzipSync(new Uint8Array(await (await download(copy, "zip")).arrayBuffer()));
      const manifest = JSON.parse(strFromU8(again["manifest.json"]!)) as Json;
      expect(manifest.files.map((f: Json) => [f.path, f.content_sha256, f.content_size_bytes])).toEqual(
        Object.entries(want)
          .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
          .map(([p, m]) => [p, m.sha, Buffer.byteLength(m.content!, "utf8")]),
      );
    }
  });

  it("JSON Lines with history: the copy has the same versions, operations, actors, order and redactions", async () => {
    const source = await seededStore("history source");
    const res = await download(source, "jsonl");
    expect(res.headers.get("content-type")).toMatch(/ndjson/);
    const text = await res.text();
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    expect(lines[0]).toMatchObject({ type: "memory_store", id: source });
    const redacted = lines.filter((l) => l.type === "memory_version" && l.redacted_at);
    expect(redacted).toHaveLength(1);
    expect(redacted[0]).toMatchObject({ content: null, path: null, content_sha256: null });
    expect(text).not.toContain("secret");

    const dry = await upload({ format: "jsonl", name: "history copy", dry_run: true }, text);
    expect(dry.body).toMatchObject({ dry_run: true, store_id: null, with_history: true });
    const done = await upload({ format: "jsonl", name: "history copy" }, text);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const copy = done.body.store_id as string;
    expect(await contents(copy)).toEqual(await contents(source));
    const shape = (v: Json) => [v.operation, v.path, v.content_sha256, v.created_at, v.created_by, v.redacted_at, v.redacted_by];
    const before = await collect(stores().memoryVersions.list(source));
    const after = await collect(stores().memoryVersions.list(copy));
    expect(after.map(shape)).toEqual(before.map(shape));
    await expectApiObjects(source, text, () => null);
    // The copy's export: every version names the one it was replayed from.
    const copied = await (await download(copy, "jsonl")).text();
    const sourceIds = lines.filter((l) => l.type === "memory_version").map((l) => `jsonl:${l.id}`);
    await expectApiObjects(copy, copied, (i) => sourceIds[i]!);
  });

  /** Each line of an export is the API's own object (the export builds versions from rows, the API from records). */
  async function expectApiObjects(storeId: string, text: string, importedFrom: (i: number) => string | null) {
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const api = async (path: string) => (await server.fetch(`/v1/memory_stores/${storeId}/${path}`)).json() as Promise<Json>;
    const versions = lines.filter((l) => l.type === "memory_version");
    expect(versions.length).toBeGreaterThan(0);
    for (const [i, { imported_from, ...version }] of versions.entries()) {
      expect(imported_from).toBe(importedFrom(i));
      expect(version).toEqual(await api(`memory_versions/${version.id}?view=full`));
    }
    // `last_read_at` is a fact of now, not of the copy: this very retrieve is a read that moves it.
    const withoutReadTime = ({ last_read_at: _lastReadAt, ...rest }: Json) => rest;
    for (const memory of lines.filter((l) => l.type === "memory")) expect(withoutReadTime(memory)).toEqual(withoutReadTime(await api(`memories/${memory.id}`)));
  }
});

describe("dry run, conflicts and refusals", () => {
  it("a dry run lists what would happen and writes nothing; overwrite needs its plan_digest", async () => {
    const target = await stores().create({ name: "target" });
    await stores().memories.create(target.id, { path: "/a.md", content: "mine" });
    const source = await stores().create({ name: "source" });
    await stores().memories.create(source.id, { path: "/a.md", content: "theirs" });
    await stores().memories.create(source.id, { path: "/b.md", content: "b" });
    const zip = new Uint8Array(await (await download(source.id, "zip")).arrayBuffer());

    const dry = await upload({ format: "zip", store_id: target.id, on_conflict: "overwrite", dry_run: true }, zip);
    expect(dry.body.items.map((i: Json) => [i.path, i.action, i.existing_content_sha256])).toEqual([
      ["/a.md", "overwrite", sha256("mine")],
      ["/b.md", "create", null],
    ]);
    expect(Object.keys(await contents(target.id))).toEqual(["/a.md"]);
    await expectEnvelope((await upload({ format: "zip", store_id: target.id, on_conflict: "overwrite" }, zip)).response, 400, "invalid_request_error");
    const failed = await upload({ format: "zip", store_id: target.id, on_conflict: "fail" }, zip);
    expect((await expectEnvelope(failed.response, 400, "invalid_request_error")).message).toMatch(/on_conflict=fail/);
    const done = await upload({ format: "zip", store_id: target.id, on_conflict: "overwrite", plan_digest: dry.body.plan_digest }, zip);
    expect(done.body.counts).toMatchObject({ overwrite: 1, create: 1 });
    expect((await contents(target.id))["/a.md"]!.content).toBe("theirs");
  });

  it("skip_problems with the dry run's plan_digest imports the files without problems and reports the rest", async () => {
    const target = await stores().create({ name: "forgiving" });
    const zip = zipSync({ "ok.md": new TextEncoder().encode("ok"), "bad.md": new Uint8Array([0xff, 0xfe, 0x00]) });
    const dry = await upload({ format: "zip", store_id: target.id, dry_run: true }, zip);
    expect(dry.body.counts).toMatchObject({ create: 1, refused: 1 });
    await expectEnvelope((await upload({ format: "zip", store_id: target.id, skip_problems: true }, zip)).response, 400, "invalid_request_error");
    await expectEnvelope(
      (await uploadUnchecked({ format: "zip", store_id: target.id, skip_problems: "yes", plan_digest: dry.body.plan_digest }, zip)).response,
      400,
      "invalid_request_error",
    );
    expect(await contents(target.id)).toEqual({});
    const done = await upload({ format: "zip", store_id: target.id, skip_problems: true, plan_digest: dry.body.plan_digest }, zip);
    expect(done.body.counts).toMatchObject({ create: 1, refused: 1 });
    expect(done.body.items.find((i: Json) => i.path === "/bad.md").problem).toMatch(/UTF-8/);
    expect(Object.keys(await contents(target.id))).toEqual(["/ok.md"]);
    const report = await server.api.send("retrieveImport", { params: { import: done.body.import_id } });
    expect(((await report.json()) as Json).counts).toMatchObject({ create: 1, refused: 1 });
  });

  it("bad format, unknown store, a hostile archive: clear 4xx envelopes", async () => {
    await expectEnvelope(await download("memstore_nope", "zip"), 404, "not_found_error");
    const store = await stores().create({ name: "e" });
    await expectEnvelope(
      await sendUnchecked(server.api, "exportStore", { params: { store: store.id }, query: { format: "rar" } }),
      400,
      "invalid_request_error",
    );
    await expectEnvelope((await upload({ format: "zip", store_id: store.id }, "not a zip")).response, 400, "invalid_request_error");
    await expectEnvelope((await uploadUnchecked({ format: "rar", store_id: store.id }, "x")).response, 400, "invalid_request_error");
    // A zip holding a symlink, into a new store: refused with the entry named, and no store is left behind.
    const link = zipSync({
      "a.md": [new TextEncoder().encode("a"), {}],
      "evil.md": [new TextEncoder().encode("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    });
    const refused = await expectEnvelope((await upload({ format: "zip", name: "hostile symlink" }, link)).response, 400, "invalid_request_error");
    expect(refused.message).toMatch(/"evil.md" is a symbolic link/);
    const listed = await collect(stores().list({ include_archived: true, limit: 100 }));
    expect(listed.some((s) => s.name === "hostile symlink")).toBe(false);
  });
});

describe("import reports", () => {
  it("every import that writes is in GET /v1/imports with who, when, source, store, counts; GET /v1/imports/{id} lists the versions it wrote", async () => {
    const source = await stores().create({ name: "report source" });
    await stores().memories.create(source.id, { path: "/r/a.md", content: "a" });
    await stores().memories.create(source.id, { path: "/r/b.md", content: "b" });
    const zip = new Uint8Array(await (await download(source.id, "zip")).arrayBuffer());
    const dry = await upload({ format: "zip", name: "report copy", dry_run: true, source_name: "notes.zip" }, zip);
    expect(dry.body.import_id).toBeNull();
    const done = await upload({ format: "zip", name: "report copy", source_name: "notes.zip" }, zip);
    const id = done.body.import_id as string;
    expect(id).toMatch(/^import_/);
    const list = (await (await server.api.send("listImports", { query: { store_id: done.body.store_id } })).json()) as Json;
    expect(list.data.map((r: Json) => r.id)).toEqual([id]);
    const report = (await (await server.api.send("retrieveImport", { params: { import: id } })).json()) as Json;
    expect(report).toMatchObject({
      type: "import_report",
      memory_store_id: done.body.store_id,
      new_store: true,
      source: "zip",
      source_name: "notes.zip",
      on_conflict: "fail",
      with_history: false,
      counts: { create: 2 },
      memories_written: 2,
      versions_written: 2,
    });
    expect(report.created_by.type).toBeTruthy();
    const listed = await collect(stores().memories.list(done.body.store_id as string, { path_prefix: "/r/" }));
    expect(report.items.map((i: Json) => i.memory_version_id).sort()).toEqual(listed.map((m) => ("memory_version_id" in m ? m.memory_version_id : "")).sort());
    await expectEnvelope(await server.api.send("retrieveImport", { params: { import: "import_nope" } }), 404, "not_found_error");
  });
});

describe("progress", () => {
  it("progress=true answers JSON Lines: progress while the import writes, then its result; a refusal ends with the error envelope", async () => {
    const source = await stores().create({ name: "progress source" });
    for (let i = 0; i < 250; i++) await stores().memories.create(source.id, { path: `/p/${i}.md`, content: `${i}` });
    const zip = new Uint8Array(await (await download(source.id, "zip")).arrayBuffer());
    const res = await server.api.send("importUpload", { query: { format: "zip", name: "progress copy", progress: true }, upload: file(zip) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/ndjson/);
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const last = lines.pop()!;
    expect(last).toMatchObject({ type: "import_result", dry_run: false, counts: { create: 250 } });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.type === "import_progress" && l.total === 250 && l.written <= 250)).toBe(true);
    expect(lines[lines.length - 1]).toEqual({ type: "import_progress", written: 250, total: 250 });

    const other = zipSync({ "p/0.md": new TextEncoder().encode("other content") });
    const refused = await server.api.send("importUpload", { query: { format: "zip", store_id: last.store_id, progress: true }, upload: file(other) });
    const end = JSON.parse((await refused.text()).trim().split("\n").pop()!) as Json;
    expect(end).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(end.error.message).toMatch(/on_conflict=fail/);
    expect(end.request_id).toBe(refused.headers.get("request-id"));
  });
});

describe("roles", () => {
  it("a viewer may export but not import; a store-limited key only its stores", async () => {
    const mine = await stores().create({ name: "mine" });
    const other = await stores().create({ name: "other" });
    const key = async (body: Omit<BodyOf<"createApiKey">, "name">) => {
      const res = await server.api.send("createApiKey", { body: { name: "k", ...body } });
      return ((await res.json()) as Json).secret as string;
    };
    const viewer = await key({ role: "viewer" });
    expect((await download(mine.id, "jsonl", viewer)).status).toBe(200);
    await expectEnvelope((await upload({ format: "jsonl", store_id: mine.id }, "", viewer)).response, 403, "permission_error");
    const limited = await key({ role: "reviewer", store_ids: [mine.id] });
    expect((await download(mine.id, "zip", limited)).status).toBe(200);
    await expectEnvelope(await download(other.id, "zip", limited), 403, "permission_error");
    const zip = new Uint8Array(await (await download(mine.id, "zip")).arrayBuffer());
    await expectEnvelope((await upload({ format: "zip", store_id: other.id }, zip, limited)).response, 403, "permission_error");
    await expectEnvelope((await upload({ format: "zip", name: "new" }, zip, limited)).response, 403, "permission_error");
    const mineImport = await upload({ format: "zip", store_id: mine.id, on_conflict: "skip" }, zip, limited);
    expect(mineImport.status).toBe(200);
    // Reports: a store-limited key sees only its stores' imports.
    const otherImport = await upload({ format: "zip", store_id: other.id, on_conflict: "skip" }, zip);
    const seen = (await (await server.apiWith(limited).send("listImports", { query: { limit: 100 } })).json()) as Json;
    expect(seen.data.every((r: Json) => r.memory_store_id === mine.id)).toBe(true);
    expect(seen.data.map((r: Json) => r.id)).toContain(mineImport.body.import_id);
    await expectEnvelope(await server.apiWith(limited).send("retrieveImport", { params: { import: otherImport.body.import_id } }), 403, "permission_error");
  });
});
