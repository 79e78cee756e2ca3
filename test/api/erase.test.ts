import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { problemsSeenInDatabase } from "../helpers/invariants.ts";
import type { BodyOf } from "../../lib/api-client/operation-types.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { ADMIN_KEY, ENGINE, startServer, type TestServer } from "../helpers/server.ts";

// /v1/erasures (issue 11): admins only; a dry run, then an erase conditional on it that reports
// writes made in between; the report in JSON and CSV; search finds nothing afterwards.
let server: TestServer;
let storeA: string;
let storeB: string;
let reviewerKey: string;
let viewerKey: string;

type Item = { memory_store_id: string; memory_id: string; memory_version_id: string; kind: string; outcome: string };
type Erasure = {
  type: string;
  id: string;
  status: string;
  query_sha256: string;
  confirmation: string;
  counts: Record<string, number | null>;
  items?: Item[];
  executed_by: unknown;
};

/** The typed client with this key (the admin key by default). */
const as = (key = ADMIN_KEY) => server.apiWith(key);
async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const dryRun = (query: string, extra: Partial<BodyOf<"planErasure">> = {}) =>
  as()
    .send("planErasure", { body: { query, action: "replace", ...extra } })
    .then((r) => ok<Erasure>(r));
const execute = (erasure: Erasure, query: string) =>
  as()
    .send("executeErasure", { params: { erasure: erasure.id }, body: { query, confirmation: erasure.confirmation } })
    .then((r) => ok<Erasure>(r));
type SearchPage = { data: unknown[] };
async function hits(q: string, scope: "memories" | "versions"): Promise<number> {
  const page = await ok<SearchPage>(await as().send("search", { query: { q, mode: "exact", scope } }));
  return page.data.length;
}
const kinds = (items: Item[] = []) => items.map((i) => `${i.kind}:${i.outcome}`).sort();

async function createKey(body: BodyOf<"createApiKey">): Promise<string> {
  return (await ok<{ secret: string }>(await as().send("createApiKey", { body }))).secret;
}

beforeAll(async () => {
  server = await startServer();
  storeA = (await server.client.beta.memoryStores.create({ name: "Erase A" })).id;
  storeB = (await server.client.beta.memoryStores.create({ name: "Erase B" })).id;
  reviewerKey = await createKey({ name: "reviewer", role: "reviewer" });
  viewerKey = await createKey({ name: "viewer", role: "viewer" });
});
afterAll(() => server?.stop());

describe(`/v1/erasures on ${ENGINE}`, () => {
  it("dry run, concurrent write reported, second run, report in JSON and CSV, nothing found afterwards", async () => {
    const memories = server.client.beta.memoryStores.memories;
    const secret = "sk-ant-api03-ERASEME";
    const a = await memories.create(storeA, { path: "/keys.md", content: `key: ${secret}\n` });
    await memories.update(a.id, { memory_store_id: storeA, content: `key: ${secret}\nnote: keep safe\n` });
    await memories.create(storeB, { path: "/copy.md", content: `copied ${secret.toLowerCase()} here` });

    const plan = await dryRun(secret, { marker: "[key removed]" });
    expect(plan).toMatchObject({ type: "erasure", status: "planned", confirmation: "erase 3 versions" });
    expect(plan.query_sha256).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(plan.counts).toEqual({ memories_before: 2, versions_before: 3, memories_after: null, versions_after: null });
    expect(kinds(plan.items)).toEqual(["head:planned", "head:planned", "history:planned"]);
    expect(JSON.stringify(plan)).not.toContain(secret);

    // Between the dry run and the erase, an agent writes the secret into a new memory.
    const late = await memories.create(storeA, { path: "/late.md", content: `late ${secret}` });
    const report = await execute(plan, secret);
    expect(report).toMatchObject({ status: "completed", counts: { memories_before: 2, versions_before: 3, memories_after: 1, versions_after: 1 } });
    expect(kinds(report.items)).toEqual(["head:redacted", "head:redacted", "history:redacted", "late:left", "written:replaced", "written:replaced"]);
    expect(report.items!.find((i) => i.kind === "late")!.memory_version_id).toBe(late.memory_version_id);
    const retrieved = await memories.retrieve(a.id, { memory_store_id: storeA });
    expect(retrieved.content).toBe("key: [key removed]\nnote: keep safe\n");

    const second = await execute(await dryRun(secret), secret);
    expect(second.counts).toMatchObject({ versions_before: 1, memories_after: 0, versions_after: 0 });
    expect(await hits(secret, "memories")).toBe(0);
    expect(await hits(secret, "versions")).toBe(0);

    const listed = await ok<{ data: Erasure[] }>(await as().send("listErasures"));
    expect(listed.data.slice(0, 2).map((e) => e.id)).toEqual([second.id, report.id]);
    expect(listed.data[0]!.items).toBeUndefined();
    const json = await as().send("retrieveErasure", { params: { erasure: report.id }, query: { format: "json" } });
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="${report.id}.json"`);
    expect(((await json.json()) as Erasure).items).toHaveLength(6);
    const csv = await as().send("retrieveErasure", { params: { erasure: report.id }, query: { format: "csv" } });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    // The path and awaiting_review are the last columns (added after the others, so each earlier column keeps its place).
    expect(lines[0]).toBe("erasure_id,memory_store_id,memory_id,memory_version_id,kind,outcome,path,awaiting_review");
    expect(lines).toHaveLength(7);
    expect(lines).toContain(`${report.id},${storeA},${late.id},${late.memory_version_id},late,left,${late.path},false`);
    expect(await problemsSeenInDatabase(server.databaseUrl)).toEqual([]);
  });

  it("is for admins only: reviewers and viewers get 403", async () => {
    for (const key of [reviewerKey, viewerKey]) {
      await expectEnvelope(await as(key).send("planErasure", { body: { query: "abc", action: "delete" } }), 403, "permission_error");
      await expectEnvelope(await as(key).send("listErasures"), 403, "permission_error");
    }
  });

  it("refuses bad input with a 400 envelope and changes nothing; a second execution is a 409", async () => {
    const memory = await server.client.beta.memoryStores.memories.create(storeB, { path: "/r.md", content: "refuse-me-123" });
    for (const body of [
      {},
      { query: "refuse-me-123" },
      { query: "ab", action: "delete" },
      { query: "refuse-me-123", action: "shred" },
      { query: "refuse-me-123", action: "delete", marker: "x" },
      { query: "refuse-me-123", action: "replace", marker: "[refuse-me-123]" },
      { query: "refuse-me-123", action: "delete", memory_store_ids: "all" },
      { query: "refuse-me-123", action: "delete", extra: true },
    ]) {
      await expectEnvelope(await sendUnchecked(as(), "planErasure", { body }), 400, "invalid_request_error");
    }
    await expectEnvelope(
      await as().send("planErasure", { body: { query: "refuse-me-123", action: "delete", memory_store_ids: ["memstore_x"] } }),
      404,
      "not_found_error",
    );
    const plan = await dryRun("refuse-me-123", { action: "delete", memory_store_ids: [storeB] });
    const attempt = (body: unknown) => sendUnchecked(as(), "executeErasure", { params: { erasure: plan.id }, body });
    await expectEnvelope(await attempt({ query: "refuse-me-123", confirmation: "yes" }), 400, "invalid_request_error");
    await expectEnvelope(await attempt({ query: "refuse-me-124", confirmation: plan.confirmation }), 400, "invalid_request_error");
    await expectEnvelope(await attempt({ confirmation: plan.confirmation }), 400, "invalid_request_error");
    expect((await server.client.beta.memoryStores.memories.retrieve(memory.id, { memory_store_id: storeB })).content).toBe("refuse-me-123");
    await ok(await attempt({ query: "refuse-me-123", confirmation: plan.confirmation }));
    await expectEnvelope(await attempt({ query: "refuse-me-123", confirmation: plan.confirmation }), 409, "conflict_error");
    await expectEnvelope(await as().send("retrieveErasure", { params: { erasure: "erasure_missing" } }), 404, "not_found_error");
    await expectEnvelope(
      await sendUnchecked(as(), "retrieveErasure", { params: { erasure: plan.id }, query: { format: "xml" } }),
      400,
      "invalid_request_error",
    );
  });
});
