import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { BodyOf } from "../../lib/api-client/operation-types.ts";
import { expectEnvelope } from "../helpers/api.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";

// /v1/store_copies and /v1/store_batches (issue 43, part 4): a store seeded from another's
// current memories, and stores from a CSV through the bulk lifecycle: a dry run naming every
// bad row and column, a typed confirmation, an execution with progress, a report in JSON and CSV.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
let viewerKey: string;
let limitedKey: string;

type Batch = {
  id: string;
  status: string;
  confirmation: string;
  counts: { rows: number; create: number; skip: number; invalid: number; created: number | null; late: number | null };
  problems?: { row: number; column: string; message: string }[];
  items?: { row: number; name: string; action: string; outcome: string; memory_store_id: string | null; existing_memory_store_id: string | null }[];
};

const as = (key = ADMIN_KEY) => server.apiWith(key);
const csvUpload = (text: string) => ({ body: text, contentType: "text/csv" });
async function planBatch(text: string, query: { template_store_id?: string; unique_by?: string } = {}, key?: string): Promise<Batch> {
  const res = await as(key).send("planStoreBatch", { query, upload: csvUpload(text) });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as Batch;
}
async function executeBatch(batch: Batch): Promise<Batch> {
  const res = await as().send("executeStoreBatch", { params: { store_batch: batch.id }, body: { confirmation: batch.confirmation } });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as Batch;
}
async function createKey(body: BodyOf<"createApiKey">): Promise<string> {
  const res = await as().send("createApiKey", { body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { secret: string }).secret;
}

beforeAll(async () => {
  server = await sharedServer();
  viewerKey = await createKey({ name: `batch viewer ${tag}`, role: "viewer" });
  const mine = (await server.client.beta.memoryStores.create({ name: `batch limited ${tag}` })).id;
  limitedKey = await createKey({ name: `batch limited ${tag}`, role: "reviewer", store_ids: [mine] });
});

describe(`/v1/store_copies on ${ENGINE}`, () => {
  it("answers the new store as a create does; its versions say they were copied, and the history is not", async () => {
    const stores = server.client.beta.memoryStores;
    const source = (await stores.create({ name: `copy source ${tag}` })).id;
    const a = await stores.memories.create(source, { path: "/onboarding/a.md", content: "first" });
    await stores.memories.update(a.id, { memory_store_id: source, content: "second" });
    await stores.memories.create(source, { path: "/private/b.md", content: "b" });
    const res = await as().send("copyStore", {
      body: { source_memory_store_id: source, name: `copy ${tag}`, metadata: { user_id: `copy-${tag}` }, path_prefix: "/onboarding/" },
    });
    const copy = (await res.json()) as { id: string; type: string; memory_count: number };
    expect(res.status).toBe(200);
    expect(copy).toMatchObject({ type: "memory_store", memory_count: 1 });
    // The same object the hosted API's retrieve answers.
    expect(await stores.retrieve(copy.id)).toEqual(copy);
    const versions = (await stores.memoryVersions.list(copy.id)).data as unknown as {
      operation: string;
      path: string;
      created_by: unknown;
      imported: { source: string; copied_from_memory_store_id: string } | null;
    }[];
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      operation: "created",
      path: "/onboarding/a.md",
      created_by: { type: "api_actor" },
      imported: { source: "store_copy", copied_from_memory_store_id: source },
    });
  });

  it("refuses what a store create refuses, and a source it cannot see", async () => {
    const source = (await server.client.beta.memoryStores.create({ name: `copy refusals ${tag}` })).id;
    const body = { source_memory_store_id: source, name: `copy refused ${tag}` };
    await expectEnvelope(await as(viewerKey).send("copyStore", { body }), 403, "permission_error");
    await expectEnvelope(await as(limitedKey).send("copyStore", { body }), 403, "permission_error");
    await expectEnvelope(
      await as().send("copyStore", { body: { ...body, source_memory_store_id: "memstore_01NOSUCHSTORE0000000000000" } }),
      404,
      "not_found_error",
    );
    await expectEnvelope(await as().send("copyStore", { body: { ...body, name: "" } }), 400, "invalid_request_error");
    await expectEnvelope(await sendUnchecked(as(), "copyStore", { body: { ...body, extra: 1 } }), 400, "invalid_request_error");
  });
});

describe(`/v1/store_batches on ${ENGINE}`, () => {
  it("dry run names every bad row and its column; the execution creates the good ones from the template, with progress", async () => {
    const stores = server.client.beta.memoryStores;
    const template = (await stores.create({ name: `batch template ${tag}` })).id;
    await stores.memories.create(template, { path: "/welcome.md", content: "welcome" });
    await stores.memories.create(template, { path: "/rules.md", content: "rules" });
    const u = `api-${tag}`;
    const text = [
      "name,description,metadata.user_id",
      `Ana,first,${u}-1`,
      `,no name,${u}-2`,
      `Bob,${"d".repeat(1025)},${u}-3`,
      `Cy,dup,${u}-4`,
      `Di,dup,${u}-4`,
      `"=cmd()",formula,${u}-5`,
      `Ed,ok,${u}-6`,
    ].join("\n");
    const dry = await planBatch(text, { template_store_id: template, unique_by: "user_id" });
    expect(dry).toMatchObject({ status: "planned", confirmation: "create 2 stores", counts: { rows: 7, create: 2, invalid: 5, created: null } });
    expect(dry.problems!.map((p) => `${p.row}:${p.column}`)).toEqual(["3:name", "4:description", "5:metadata.user_id", "6:metadata.user_id", "7:name"]);
    await expectEnvelope(
      await as().send("executeStoreBatch", { params: { store_batch: dry.id }, body: { confirmation: "create 7 stores" } }),
      400,
      "invalid_request_error",
    );
    const res = await as().send("executeStoreBatch", { params: { store_batch: dry.id }, query: { progress: true }, body: { confirmation: dry.confirmation } });
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; written?: number; total?: number });
    expect(lines.filter((l) => l.type === "store_batch_progress").at(-1)).toEqual({ type: "store_batch_progress", written: 2, total: 2 });
    const report = lines.at(-1) as unknown as Batch;
    expect(report).toMatchObject({ type: "store_batch", status: "completed", counts: { created: 2, late: 0 } });
    for (const item of report.items!.filter((i) => i.outcome === "created")) {
      const memories = await stores.memories.list(item.memory_store_id!, { path_prefix: "/" });
      expect(memories.data.map((m) => (m as { path: string }).path).sort()).toEqual(["/rules.md", "/welcome.md"]);
    }
  });

  it("unique_by: an existing value is skipped, one taken after the dry run is reported late", async () => {
    const stores = server.client.beta.memoryStores;
    const u = `late-${tag}`;
    const existing = (await stores.create({ name: "has it", metadata: { user_id: `${u}-1` } })).id;
    const dry = await planBatch(`name,metadata.user_id\nOne,${u}-1\nTwo,${u}-2\nThree,${u}-3\n`, { unique_by: "user_id" });
    expect(dry.items!.map((i) => `${i.row}:${i.action}`)).toEqual(["2:skip", "3:create", "4:create"]);
    expect(dry.items![0]!.existing_memory_store_id).toBe(existing);
    const raced = (await stores.create({ name: "raced", metadata: { user_id: `${u}-3` } })).id;
    const report = await executeBatch(dry);
    expect(report.items!.map((i) => i.outcome)).toEqual(["skipped", "created", "late"]);
    expect(report.items![2]!.memory_store_id).toBe(raced);
    expect(report.counts).toMatchObject({ created: 1, late: 1 });
  });

  it("keeps the report: listed, retrievable, downloadable as CSV with formula cells guarded", async () => {
    const dry = await planBatch(`name,metadata.note\nReport store ${tag},ok\n"+1 formula",x\n`);
    const report = await executeBatch(dry);
    const list = (await (await as().send("listStoreBatches", { query: { limit: 100 } })).json()) as { data: Batch[] };
    expect(list.data.find((b) => b.id === report.id)).toMatchObject({ status: "completed", counts: { created: 1 } });
    expect(list.data.find((b) => b.id === report.id)!.items).toBeUndefined();
    const res = await as().send("retrieveStoreBatch", { params: { store_batch: report.id }, query: { format: "csv" } });
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain(`${report.id}.csv`);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("store_batch_id,row,name,description,metadata,unique_value,action,problems,existing_memory_store_id,outcome,memory_store_id");
    expect(lines[1]).toContain(`Report store ${tag}`);
    expect(lines[2]).toContain("'+1 formula");
    const json = await as().send("retrieveStoreBatch", { params: { store_batch: report.id }, query: { format: "json" } });
    expect(json.headers.get("content-disposition")).toContain(`${report.id}.json`);
  });

  it("refuses a file it cannot read with one clear 400, and a body over the limit with 413", async () => {
    const refused = async (text: string, status = 400, type = "invalid_request_error") =>
      expectEnvelope(await as().send("planStoreBatch", { upload: csvUpload(text) }), status, type);
    expect((await refused("name,description\nA,b\nC")).message).toMatch(/truncated/);
    expect((await refused('name,description\nA,"unterminated\n')).message).toMatch(/quote is not closed/);
    expect((await refused("name\n" + "s\n".repeat(100_000))).message).toMatch(/more than 10,000 rows/);
    await refused(`name\n${"x".repeat(9 * 1024 * 1024)}\n`, 413, "request_too_large");
    const json = await as().send("planStoreBatch", { upload: { body: JSON.stringify({ name: "x" }), contentType: "application/json" } });
    expect((await expectEnvelope(json, 400, "invalid_request_error")).message).toMatch(/text\/csv/);
    await expectEnvelope(
      await as().send("planStoreBatch", { query: { template_store_id: "memstore_01NOSUCHSTORE0000000000000" }, upload: csvUpload("name\na\n") }),
      404,
      "not_found_error",
    );
    await expectEnvelope(await as(viewerKey).send("planStoreBatch", { upload: csvUpload("name\na\n") }), 403, "permission_error");
    await expectEnvelope(await as(limitedKey).send("planStoreBatch", { upload: csvUpload("name\na\n") }), 403, "permission_error");
  });
});
