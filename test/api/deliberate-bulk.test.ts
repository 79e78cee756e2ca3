import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callOk, sendImport } from "../helpers/operations.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ADMIN_KEY, ENGINE, type TestServer } from "../helpers/server.ts";

// Deliberate bulk operations (issue 23): an erase, a bulk delete, an import, a restore and a
// revert are a reviewer's or an admin's decision, run with a key or from the console. Their
// versions never open review items of their own (the store's default policy reviews every key's
// writes); they settle only what they wrote (issue 42): a memory they delete, or put back as it
// was settled, is settled by them; one whose unreviewed content an erase only edits still awaits.
let server: TestServer;
let reviewerKey: string;
const tag = randomUUID().slice(0, 8);

type Review = { memory_id: string; path: string };
type Decision = { memory_id: string; action: string; reviewer: Record<string, unknown> };

/** The typed client with this key (the admin key by default). */
const as = (key = ADMIN_KEY) => server.apiWith(key);
const openItems = async (storeId: string) =>
  ((await callOk(as(), "listReviews", { query: { store_id: storeId, limit: 100 } })).data as Review[]).map((r) => r.path).sort();
const decisions = async (storeId: string) => (await callOk(as(), "listReviewDecisions", { query: { store_id: storeId, limit: 100 } })).data as Decision[];

/** A store whose memories an agent session wrote through the memory tool: each awaits review. */
async function damagedStore(name: string, files: Record<string, string>, session = `sess_${tag}_${name.replace(/\s/g, "_")}`) {
  const store = await server.client.beta.memoryStores.create({ name: `${name} ${tag}` });
  for (const [path, file_text] of Object.entries(files)) {
    const r = (await callOk(as(), "runMemoryTool", {
      params: { store: store.id },
      query: { session_id: session },
      body: { command: "create", path: `/memories${path}`, file_text },
    })) as { is_error: boolean; content: string };
    expect(r.is_error, r.content).toBe(false);
  }
  expect(await openItems(store.id)).toEqual(Object.keys(files).sort());
  return { storeId: store.id, session };
}

beforeAll(async () => {
  server = await sharedServer();
  reviewerKey = (await callOk(as(), "createApiKey", { body: { name: `deliberate reviewer ${tag}`, role: "reviewer" } })).secret;
});

describe(`deliberate bulk operations and the review inbox on ${ENGINE}`, () => {
  it("a reviewer key's bulk delete opens no review item and settles the items of what it deleted", async () => {
    const { storeId } = await damagedStore("bulk delete", { "/a/one.md": "one\n", "/a/two.md": "two\n", "/b/kept.md": "kept\n" });
    type Bulk = { id: string; digest: string; confirmation: string };
    const dry = (await callOk(as(reviewerKey), "planBulkDeletion", { body: { target: "memories", memory_store_id: storeId, path_prefix: "/a/" } })) as Bulk;
    await callOk(as(reviewerKey), "executeBulkDeletion", { params: { bulk_deletion: dry.id }, body: { digest: dry.digest, confirmation: dry.confirmation } });
    expect(await openItems(storeId)).toEqual(["/b/kept.md"]);
    const settled = await decisions(storeId);
    expect(settled).toHaveLength(2);
    for (const d of settled) expect(d).toMatchObject({ action: "edited", reviewer: { type: "api_actor" } });
  });

  it("an admin key's erase opens no review item of its own; what the agent wrote around the secret still awaits review", async () => {
    const secret = `erase-me-${tag}`;
    const { storeId } = await damagedStore("erase", { "/leak.md": `the secret ${secret}\n`, "/other.md": "nothing here\n" });
    type Erasure = { id: string; confirmation: string };
    type Report = { items: { kind: string; memory_version_id: string; awaiting_review: boolean }[] };
    const dry = (await callOk(as(), "planErasure", { body: { query: secret, action: "replace", memory_store_ids: [storeId] } })) as Erasure;
    const report = (await callOk(as(), "executeErasure", { params: { erasure: dry.id }, body: { query: secret, confirmation: dry.confirmation } })) as Report;
    const written = report.items.find((i) => i.kind === "written")!;
    expect(written.awaiting_review).toBe(true);
    expect(await openItems(storeId)).toEqual(["/leak.md", "/other.md"]);
    const leak = ((await callOk(as(), "listReviews", { query: { store_id: storeId, limit: 100 } })).data as (Review & { head_version_id: string })[]).find(
      (r) => r.path === "/leak.md",
    )!;
    expect(leak.head_version_id).toBe(written.memory_version_id);
    expect(await decisions(storeId)).toEqual([]);
  });

  it("an admin key's import opens no review items, even under the file's authors", async () => {
    const T0 = "2026-01-01T00:00:00.000Z";
    const author = { type: "api_actor", api_key_id: "apikey_from_the_file" };
    const lines = [
      { type: "memory_store", id: "memstore_file", name: "file", description: "", metadata: {}, created_at: T0, updated_at: T0, archived_at: null },
      { type: "memory", path: "/imported.md", content_sha256: createHash("sha256").update("imported\n").digest("hex") },
      {
        type: "memory_version",
        id: "memver_file0",
        memory_store_id: "memstore_file",
        memory_id: "mem_1",
        operation: "created",
        path: "/imported.md",
        content: "imported\n",
        content_sha256: null,
        content_size_bytes: null,
        created_at: T0,
        created_by: author,
        redacted_at: null,
        redacted_by: null,
      },
    ];
    const body = lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
    for (const attribution of ["importer", "file"] as const) {
      const res = await sendImport(as(), { format: "jsonl", name: `import ${attribution} ${tag}`, attribution }, body);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      const done = JSON.parse(text) as { store_id: string };
      expect(await openItems(done.store_id)).toEqual([]);
    }
  });

  it("a reviewer key's revert of a session opens no review item and settles the session's items", async () => {
    const { storeId, session } = await damagedStore("revert", { "/x.md": "x\n", "/y.md": "y\n" });
    type Plan = { id: string; confirmation: string };
    const dry = (await callOk(as(reviewerKey), "planRevert", { body: { memory_store_id: storeId, session_id: session } })) as Plan;
    await callOk(as(reviewerKey), "executeRevert", { params: { revert: dry.id }, body: { confirmation: dry.confirmation } });
    expect(await openItems(storeId)).toEqual([]);
    expect((await decisions(storeId)).map((d) => d.action)).toEqual(["reverted", "reverted"]);
    expect((await server.client.beta.memoryStores.memories.list(storeId)).data).toEqual([]);
  });
});
