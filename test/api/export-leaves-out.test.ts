import { strFromU8, unzipSync } from "fflate";
import { gunzipSync } from "node:zlib";
import { extract } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryNameProblem } from "../../lib/archive/safe-entry-name.ts";
import { sql } from "../../lib/memory/db.ts";
import { sha256Hex, utf8Length } from "../../lib/memory/hashing.ts";
import { newId } from "../../lib/memory/ids.ts";
import { collect } from "../helpers/api.ts";
import { sendImport } from "../helpers/operations.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { openServerDb } from "../memory-tool/database.ts";

// Issue 21, item 1's defence in depth: a store that an older import planted broken memories in
// exports without them (named, with why), so that what an export writes an import accepts.
let server: TestServer;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const stores = () => server.client.beta.memoryStores;

/** Memories written straight into the database, as the import before issue 21 could leave them (their versions too). */
async function plant(storeId: string, rows: { path: string; content: string; redactedHead?: boolean }[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const db = await openServerDb(server);
  try {
    await db.sqlTransaction(async (tx) => {
      for (const row of rows) {
        const memoryId = newId("mem");
        const createdId = newId("memver");
        const at = new Date();
        const version = (id: string, operation: string, path: string | null, content: string | null, redacted: boolean) => tx.$executeRaw`
          INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, api_key_id, created_at, redacted_at, redacted_by_type, redacted_by_id)
          VALUES (${id}, ${storeId}, ${memoryId}, ${operation}, ${path}, ${content}, ${content === null ? null : sha256Hex(content)}, ${content === null ? null : utf8Length(content)},
            ${"api_actor"}, ${"apikey_planter"}, ${"apikey_planter"}, ${at}, ${redacted ? at : null}, ${redacted ? "api_actor" : null}, ${redacted ? "apikey_planter" : null})`;
        await version(createdId, "created", row.path, row.content, false);
        let head = createdId;
        if (row.redactedHead) {
          head = newId("memver");
          await version(head, "modified", null, null, true);
        }
        await tx.$executeRaw`
          INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
          VALUES (${memoryId}, ${storeId}, ${row.path}, ${row.content}, ${sha256Hex(row.content)}, ${utf8Length(row.content)}, ${head}, ${at}, ${at})`;
        await tx.$executeRaw(sql`UPDATE memory_stores SET memory_count = memory_count + 1 WHERE id = ${storeId}`);
        ids[row.path] = memoryId;
      }
    });
  } finally {
    await db.close();
  }
  return ids;
}

async function download(storeId: string, format: "zip" | "tar.gz" | "jsonl"): Promise<Uint8Array> {
  const res = await server.api.send("exportStore", { params: { store: storeId }, query: { format } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function tarEntries(gz: Uint8Array): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const reader = extract();
  const done = new Promise<void>((ok, fail) => {
    reader.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: unknown) => void chunks.push(c as Buffer));
      stream.on("end", () => {
        out[header.name] = Buffer.concat(chunks).toString("utf8");
        next();
      });
    });
    reader.on("finish", ok);
    reader.on("error", fail);
  });
  reader.end(gunzipSync(gz));
  await done;
  return out;
}

async function importInto(name: string, format: "zip" | "tar.gz" | "jsonl", body: Uint8Array) {
  const res = await sendImport(server.api, { format, name }, body as BodyInit);
  return { status: res.status, body: (await res.json()) as Json };
}

const paths = async (storeId: string) => (await collect(stores().memories.list(storeId, { path_prefix: "/" }))).map((m) => m.path).sort();

describe("an export never writes what an import would refuse", () => {
  it("planted memories are left out of zip, tar.gz and JSON Lines exports, named with why; each export imports again", async () => {
    const store = await stores().create({ name: "planted" });
    await stores().memories.create(store.id, { path: "/ok.md", content: "fine" });
    // Valid through the API, but not as an archive entry name: archives leave it out, JSON Lines keeps it.
    await stores().memories.create(store.id, { path: "/back\\slash.md", content: "b" });
    const planted = await plant(store.id, [
      { path: "/../../escape.md", content: "x" },
      { path: "/o", content: "o" },
      { path: "/o/p.md", content: "p" },
      { path: "/café.md", content: "nfc" },
      { path: "/cafe\u0301.md", content: "nfd" },
      { path: "/big.md", content: "a".repeat(300_000) },
      { path: "no-slash.md", content: "n" },
      { path: "/h.md", content: "live", redactedHead: true },
    ]);
    const brokenEverywhere = ["/../../escape.md", "/o/p.md", "/cafe\u0301.md", "/big.md", "no-slash.md"];

    const zip = unzipSync(await download(store.id, "zip"));
    for (const name of Object.keys(zip)) expect(entryNameProblem(name), name).toBeNull();
    expect(Object.keys(zip).sort()).toEqual(["manifest.json", "memories/café.md", "memories/h.md", "memories/o", "memories/ok.md"]);
    const manifest = JSON.parse(strFromU8(zip["manifest.json"]!)) as Json;
    expect(manifest.omitted.map((o: Json) => o.path).sort()).toEqual([...brokenEverywhere, "/back\\slash.md"].sort());
    expect(manifest.omitted.find((o: Json) => o.path === "/o/p.md")).toMatchObject({
      memory_id: planted["/o/p.md"],
      problem: expect.stringMatching(/path conflict/),
    });
    expect(manifest.omitted.find((o: Json) => o.path === "/back\\slash.md").problem).toMatch(/backslash/);
    const fromZip = await importInto("planted from zip", "zip", await download(store.id, "zip"));
    expect(fromZip.status, JSON.stringify(fromZip.body)).toBe(200);
    expect(await paths(fromZip.body.store_id as string)).toEqual(["/café.md", "/h.md", "/o", "/ok.md"]);

    const tarGz = await download(store.id, "tar.gz");
    const tar = await tarEntries(tarGz);
    for (const name of Object.keys(tar)) expect(entryNameProblem(name), name).toBeNull();
    expect(Object.keys(tar).sort()).toEqual(Object.keys(zip).sort());
    const fromTar = await importInto("planted from tar", "tar.gz", tarGz);
    expect(fromTar.status, JSON.stringify(fromTar.body)).toBe(200);

    const jsonl = await download(store.id, "jsonl");
    const lines = Buffer.from(jsonl)
      .toString("utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    const omitted = lines.filter((l) => l.type === "export_omission");
    const byId = Object.fromEntries(Object.entries(planted).map(([path, id]) => [id, path]));
    // The live memory whose head is redacted cannot be replayed either; the backslash path can.
    expect(omitted.map((l) => byId[l.memory_id]).sort()).toEqual([...brokenEverywhere, "/h.md"].sort());
    expect(omitted.find((l) => byId[l.memory_id] === "/h.md")!.problem).toMatch(/redacted version as its current one/);
    const leftOut = new Set(omitted.map((l) => l.memory_id));
    expect(lines.some((l) => (l.type === "memory" || l.type === "memory_version") && leftOut.has(l.memory_id ?? l.id))).toBe(false);
    const fromLines = await importInto("planted from jsonl", "jsonl", jsonl);
    expect(fromLines.status, JSON.stringify(fromLines.body)).toBe(200);
    expect(await paths(fromLines.body.store_id as string)).toEqual(["/back\\slash.md", "/café.md", "/o", "/ok.md"]);
  });
});
