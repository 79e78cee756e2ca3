import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { callOk, sendUnchecked } from "../helpers/operations.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ENGINE, type TestServer } from "../helpers/server.ts";

// Bulk store actions (issue 43, part 2): POST /v1/store_archivals and /v1/store_deletions by ids
// or by a store_search filter, a dry run with each store's size, the typed confirmation, the
// conditional execution and the kept report (JSON and CSV); admins only.
let server: TestServer;
const tag = randomUUID().slice(0, 8);

type Plan = {
  type: string;
  id: string;
  status: string;
  confirmation: string;
  counts: { stores_before: number; memories_before: number; content_bytes_before: number; stores_after: number | null };
  items: { memory_store_id: string; name: string; memory_count: number; content_bytes: number; kind: string; outcome: string }[];
};

beforeAll(async () => {
  server = await sharedServer();
});

describe(`bulk store actions on ${ENGINE}`, () => {
  it("archives the stores a filter selects; a store written after the dry run is left alone (late)", async () => {
    const stores = server.client.beta.memoryStores;
    const make = (name: string) => stores.create({ name: `${name} ${tag}`, metadata: { cohort: tag } });
    const quiet = await make("quiet");
    const busy = await make("busy");
    await stores.memories.create(quiet.id, { path: "/a.md", content: "twelve bytes" });
    const plan = (await callOk(server.api, "planStoreArchival", { body: { filter: { metadata: [`cohort:${tag}`] } } })) as unknown as Plan;
    expect(plan).toMatchObject({ type: "store_archival", status: "planned", confirmation: "archive 2 stores" });
    expect(plan.counts).toMatchObject({ stores_before: 2, memories_before: 1, content_bytes_before: 12 });
    expect(plan.items.find((i) => i.memory_store_id === quiet.id)).toMatchObject({ memory_count: 1, content_bytes: 12, outcome: "planned" });

    await stores.memories.create(busy.id, { path: "/now.md", content: "written after the dry run" });
    const wrong = await sendUnchecked(server.api, "executeStoreArchival", { params: { store_archival: plan.id }, body: { confirmation: "archive 3 stores" } });
    await expectEnvelope(wrong, 400, "invalid_request_error");
    const done = (await callOk(server.api, "executeStoreArchival", {
      params: { store_archival: plan.id },
      body: { confirmation: "archive 2 stores" },
    })) as unknown as Plan;
    expect(Object.fromEntries(done.items.map((i) => [i.memory_store_id, i.outcome]))).toEqual({ [quiet.id]: "archived", [busy.id]: "late" });
    expect((await stores.retrieve(quiet.id)).archived_at).not.toBeNull();
    expect((await stores.retrieve(busy.id)).archived_at).toBeNull();

    const csv = await server.api.send("retrieveStoreArchival", { params: { store_archival: plan.id }, query: { format: "csv" } });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("store_archival_id,memory_store_id,name,memory_count,content_bytes,last_memory_write_at,kind,outcome");
    expect(lines).toHaveLength(3);
    const listed = (await callOk(server.api, "listStoreArchivals", { query: {} })) as unknown as { data: { id: string }[] };
    expect(listed.data.map((p) => p.id)).toContain(plan.id);
  });

  it("deletes stores by id with everything in them", async () => {
    const stores = server.client.beta.memoryStores;
    const doomed = await stores.create({ name: `doomed ${tag}` });
    for (let i = 0; i < 5; i++) await stores.memories.create(doomed.id, { path: `/m${i}.md`, content: `memory ${i}` });
    const plan = (await callOk(server.api, "planStoreDeletion", { body: { memory_store_ids: [doomed.id] } })) as unknown as Plan;
    expect(plan).toMatchObject({ type: "store_deletion", confirmation: "delete 1 store", counts: { memories_before: 5 } });
    const done = (await callOk(server.api, "executeStoreDeletion", {
      params: { store_deletion: plan.id },
      body: { confirmation: "delete 1 store" },
    })) as unknown as Plan;
    expect(done.items.map((i) => i.outcome)).toEqual(["deleted"]);
    await expect(stores.retrieve(doomed.id)).rejects.toMatchObject({ status: 404 });
  });

  it("is an admin's: a reviewer is refused, and bad selections get the error envelope", async () => {
    const reviewer = (await callOk(server.api, "createApiKey", { body: { name: `reviewer ${tag}`, role: "reviewer" } })).secret;
    const store = await server.client.beta.memoryStores.create({ name: `kept ${tag}` });
    await expectEnvelope(
      await sendUnchecked(server.apiWith(reviewer), "planStoreArchival", { body: { memory_store_ids: [store.id] } }),
      403,
      "permission_error",
    );
    for (const body of [
      {},
      { memory_store_ids: [store.id], filter: { name: "x" } },
      { memory_store_ids: [] },
      { filter: {} },
      { filter: { idle_days: -1 } },
      { filter: { min_fill_percent: 101 } },
      { filter: { metadata: ["no-colon"] } },
      { filter: { surprise: true } },
    ]) {
      await expectEnvelope(await sendUnchecked(server.api, "planStoreDeletion", { body: body as never }), 400, "invalid_request_error");
    }
    await expectEnvelope(await sendUnchecked(server.api, "planStoreDeletion", { body: { memory_store_ids: ["memstore_nope"] } }), 404, "not_found_error");
    expect((await server.client.beta.memoryStores.retrieve(store.id)).archived_at).toBeNull();
  });

  it("keeps the workspace's lifecycle rule: off by default, set, previewed, turned off; bad values refused", async () => {
    const off = (await callOk(server.api, "retrieveStoreLifecycle", {})) as { archive_after_idle_days: number | null; next_sweep: { store_count: number } };
    expect(off).toMatchObject({ archive_after_idle_days: null, next_sweep: { store_count: 0 } });
    const on = (await callOk(server.api, "updateStoreLifecycle", { body: { archive_after_idle_days: 365 } })) as typeof off;
    // Every store here was written or created today: none is due.
    expect(on).toMatchObject({ archive_after_idle_days: 365, next_sweep: { store_count: 0 } });
    for (const value of [0, -3, 1.5, 40_000, "90"]) {
      await expectEnvelope(
        await sendUnchecked(server.api, "updateStoreLifecycle", { body: { archive_after_idle_days: value } as never }),
        400,
        "invalid_request_error",
      );
    }
    expect(await callOk(server.api, "updateStoreLifecycle", { body: { archive_after_idle_days: null } })).toMatchObject({ archive_after_idle_days: null });
  });
});
