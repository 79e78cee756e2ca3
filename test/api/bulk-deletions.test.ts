import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import type { BodyOf } from "../../lib/api-client/operation-types.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";

// /v1/bulk_deletions (issue 11): delete by filter with a dry run, a digest and a typed
// confirmation; what changed or appeared after the dry run is reported; the report is kept,
// listed and downloadable; reviewers delete memories, admins stores; store-limited keys stay
// in their stores.
let server: TestServer;
const tag = randomUUID().slice(0, 8);
let reviewerKey: string;
let viewerKey: string;

type Bulk = {
  id: string;
  status: string;
  target: string;
  digest: string;
  confirmation: string;
  counts: { before: number; memories_before: number; after: number | null; memories_after: number | null };
  items?: { id: string; memory_store_id: string; label: string; kind: string; outcome: string }[];
  executed_by: unknown;
};

/** The typed client with this key (the admin key by default). */
const as = (key = ADMIN_KEY) => server.apiWith(key);
/** An answer's status, its body (JSON, or the text of a download) and the Response itself. */
async function answer<T>(sent: Promise<Response>): Promise<{ status: number; body: T; res: Response }> {
  const res = await sent;
  const text = await res.clone().text();
  return { status: res.status, body: (text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T, res };
}
const plan = async (body: BodyOf<"planBulkDeletion">, key?: string) => {
  const r = await answer<Bulk>(as(key).send("planBulkDeletion", { body }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const execute = async (bulk: Bulk, key?: string) => {
  const r = await answer<Bulk>(
    as(key).send("executeBulkDeletion", { params: { bulk_deletion: bulk.id }, body: { digest: bulk.digest, confirmation: bulk.confirmation } }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
async function createKey(body: BodyOf<"createApiKey">): Promise<string> {
  const r = await answer<{ secret: string }>(as().send("createApiKey", { body }));
  expect(r.status).toBe(200);
  return r.body.secret;
}

beforeAll(async () => {
  server = await sharedServer();
  reviewerKey = await createKey({ name: `bulk reviewer ${tag}`, role: "reviewer" });
  viewerKey = await createKey({ name: `bulk viewer ${tag}`, role: "viewer" });
});

describe(`/v1/bulk_deletions on ${ENGINE}`, () => {
  it("memories under a prefix: dry run, then a deletion of what it saw; a change and an addition since are reported", async () => {
    const stores = server.client.beta.memoryStores;
    const store = (await stores.create({ name: `bulk memories ${tag}` })).id;
    const put = (path: string, content = `bulk ${path}`) => stores.memories.create(store, { path, content });
    await put("/users/ana/profile.md", "bulk-quagga profile");
    const edited = await put("/users/ana/notes.md");
    await put("/users/bob/profile.md");
    const dry = await plan({ target: "memories", memory_store_id: store, path_prefix: "/users/ana/" }, reviewerKey);
    expect(dry).toMatchObject({ status: "planned", target: "memories", confirmation: "delete 2 memories", counts: { before: 2, after: null } });
    expect(dry.items!.map((i) => i.label).sort()).toEqual(["/users/ana/notes.md", "/users/ana/profile.md"]);
    expect((await stores.memories.list(store, { path_prefix: "/users/ana/" })).data).toHaveLength(2); // nothing deleted yet

    await stores.memories.update(edited.id, { memory_store_id: store, content: "written after the dry run" });
    await put("/users/ana/late.md");
    for (const wrong of [
      { digest: "0".repeat(64), confirmation: dry.confirmation },
      { digest: dry.digest, confirmation: "delete everything" },
    ]) {
      await expectEnvelope(await as(reviewerKey).send("executeBulkDeletion", { params: { bulk_deletion: dry.id }, body: wrong }), 400, "invalid_request_error");
    }
    const report = await execute(dry, reviewerKey);
    expect(report).toMatchObject({ status: "completed", counts: { before: 2, after: 2 } });
    expect(Object.fromEntries(report.items!.map((i) => [i.label, `${i.kind}:${i.outcome}`]))).toEqual({
      "/users/ana/profile.md": "planned:deleted",
      "/users/ana/notes.md": "planned:changed",
      "/users/ana/late.md": "late:left",
    });
    const left = (await stores.memories.list(store, { path_prefix: "/", depth: 0 } as never)).data.map((m) => (m as { path: string }).path).sort();
    expect(left).toEqual(["/users/ana/late.md", "/users/ana/notes.md", "/users/bob/profile.md"]);
    // The deletion went through the write path: a `deleted` version, and the search index.
    const versions = await stores.memoryVersions.list(store, { operation: "deleted" });
    expect(versions.data).toHaveLength(1);
    const found = await answer<{ data: unknown[] }>(as().send("search", { query: { q: "quagga", memory_store_id: [store] } }));
    expect(found.body.data).toEqual([]);
    // Once only.
    await expectEnvelope(
      await as().send("executeBulkDeletion", { params: { bulk_deletion: dry.id }, body: { digest: dry.digest, confirmation: dry.confirmation } }),
      409,
      "conflict_error",
    );
  });

  it("stores matching metadata (admins): deletes the stores as seen; one written to since is left and reported", async () => {
    const stores = server.client.beta.memoryStores;
    const user = `user-${tag}`;
    const a = (await stores.create({ name: `bulk a ${tag}`, metadata: { end_user: user } })).id;
    const b = (await stores.create({ name: `bulk b ${tag}`, metadata: { end_user: user, plan: "pro" } })).id;
    const keep = (await stores.create({ name: `bulk keep ${tag}`, metadata: { end_user: `${user}-other` } })).id;
    await stores.memories.create(a, { path: "/a.md", content: "a" });
    await expectEnvelope(await as(reviewerKey).send("planBulkDeletion", { body: { target: "stores", metadata: { end_user: user } } }), 403, "permission_error");
    const dry = await plan({ target: "stores", metadata: { end_user: user } });
    expect(dry).toMatchObject({ confirmation: "delete 2 stores", counts: { before: 2, memories_before: 1 } });
    await stores.memories.create(b, { path: "/written-since.md", content: "b" });
    const report = await execute(dry);
    expect(Object.fromEntries(report.items!.map((i) => [i.id, i.outcome]))).toEqual({ [a]: "deleted", [b]: "changed" });
    await expect(stores.retrieve(a)).rejects.toMatchObject({ status: 404 });
    expect((await stores.retrieve(b)).id).toBe(b);
    expect((await stores.retrieve(keep)).id).toBe(keep);
    // An empty filter would be every store: refused.
    await expectEnvelope(await sendUnchecked(as(), "planBulkDeletion", { body: { target: "stores", metadata: {} } }), 400, "invalid_request_error");
  });

  it("keeps the report: listed, retrievable, downloadable as JSON and CSV", async () => {
    const store = (await server.client.beta.memoryStores.create({ name: `bulk report ${tag}` })).id;
    await server.client.beta.memoryStores.memories.create(store, { path: "/x/one.md", content: "1" });
    const report = await execute(await plan({ target: "memories", memory_store_id: store, path_prefix: "/x/" }));
    const list = await answer<{ data: Bulk[] }>(as().send("listBulkDeletions", { query: { limit: 100 } }));
    expect(list.body.data.find((b) => b.id === report.id)).toMatchObject({ status: "completed", executed_by: { type: "api_actor" } });
    const csv = await answer<string>(as().send("retrieveBulkDeletion", { params: { bulk_deletion: report.id }, query: { format: "csv" } }));
    expect(csv.res.headers.get("content-disposition")).toContain(`${report.id}.csv`);
    expect(csv.body.split("\r\n")[0]).toBe("bulk_deletion_id,target,id,memory_store_id,label,memory_count,kind,outcome");
    expect(csv.body).toContain("/x/one.md");
    const json = await answer<Bulk>(as().send("retrieveBulkDeletion", { params: { bulk_deletion: report.id }, query: { format: "json" } }));
    expect(json.body.items).toHaveLength(1);
  });

  it("store-limited keys only within their stores; viewers may not", async () => {
    const stores = server.client.beta.memoryStores;
    const mine = (await stores.create({ name: `bulk mine ${tag}` })).id;
    const theirs = (await stores.create({ name: `bulk theirs ${tag}` })).id;
    await stores.memories.create(mine, { path: "/m.md", content: "m" });
    const limited = await createKey({ name: `bulk limited ${tag}`, role: "reviewer", store_ids: [mine] });
    await expectEnvelope(
      await as(limited).send("planBulkDeletion", { body: { target: "memories", memory_store_id: theirs, path_prefix: "/" } }),
      403,
      "permission_error",
    );
    await expectEnvelope(await as(limited).send("planBulkDeletion", { body: { target: "stores", name: tag } }), 403, "permission_error");
    const own = await execute(await plan({ target: "memories", memory_store_id: mine, path_prefix: "/" }, limited), limited);
    expect(own.items!.map((i) => i.outcome)).toEqual(["deleted"]);
    const listed = await answer<{ data: Bulk[] }>(as(limited).send("listBulkDeletions", { query: { limit: 100 } }));
    expect(listed.body.data.map((b) => b.id)).toEqual([own.id]);
    await expectEnvelope(await as(viewerKey).send("listBulkDeletions"), 403, "permission_error");
  });
});
