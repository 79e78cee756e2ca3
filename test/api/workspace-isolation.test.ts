import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../lib/api-client/client.ts";
import type { OperationName } from "../../lib/api-client/operation-types.ts";
import type { Query } from "../../lib/api-client/request.ts";
import { OPERATIONS } from "../../lib/http/operations.ts";
import { newId, type IdPrefix } from "../../lib/memory/ids.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { callOk, sendUnchecked } from "../helpers/operations.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { initializeBody, rawPost } from "../mcp/helpers.ts";
import { openServerDb } from "../memory-tool/database.ts";

/**
 * docs/design.md, "Workspaces" (issue 44): everything a workspace holds is invisible from
 * another. Workspace A is Default, seeded through the organisation key; B is made in the
 * database, with an admin key of its own. For every operation of the table, B's key is given A's
 * ids: the answer must be exactly the answer for ids that do not exist (the same status and the
 * same body, ids aside), or, where B acts on its own (a list, a new store), name nothing of A.
 * A new operation without a probe here fails the type check and the test.
 */
let server: TestServer;
let workspaceB: string;
let keyB: string;
let apiB: ApiClient;

/** A's ids, as B's probes name them. */
interface Ids {
  store: string;
  memory: string;
  version: string;
  erasure: string;
  bulk: string;
  restore: string;
  revert: string;
  import: string;
  endpoint: string;
  delivery: string;
  batch: string;
  undo: string;
  key: string;
  storeArchival: string;
  storeDeletion: string;
  storeBatch: string;
}
let a: Ids;
/** The same shapes, of nothing. */
let ghost: Ids;
/** Everything of A that must never reach B: its ids, its store's name, its paths and text. */
let secrets: string[];

const WORD = "quokkaisolationword";
const STORE_NAME = "alpha-private-store";
const PATH = "/memories/alpha-private-notes.md";

type Probe = { check: () => Promise<void> } | { skip: string };
type Args = (ids: Ids) => { params?: Record<string, string>; query?: Query; body?: unknown; upload?: { body: BodyInit; contentType: string } };

const ghostOf = (ids: Ids): Ids => ({
  store: newId("memstore"),
  memory: newId("mem"),
  version: newId("memver"),
  erasure: newId("erasure"),
  bulk: newId("bulkdel"),
  storeArchival: newId("storearch"),
  storeDeletion: newId("storedel"),
  restore: newId("restore"),
  revert: newId("revert"),
  import: newId("import"),
  endpoint: newId("whep"),
  delivery: newId("whdel"),
  batch: newId("revbatch"),
  undo: newId("revundo"),
  key: newId("apikey"),
  storeBatch: newId("stbatch"),
  ...Object.fromEntries(Object.entries(ids).filter(([, v]) => v === "")),
});

/** An answer as compared: its status and JSON without the request's own id, A's or the ghost's ids as placeholders. */
async function normalized(response: Response, ids: Ids): Promise<{ status: number; body: string }> {
  let text = await response.text();
  for (const [name, id] of Object.entries(ids)) if (id) text = text.split(id).join(`<${name}>`);
  // What either answer made anew (a batch's id, a report's) is told apart by nothing but its id.
  text = text.replace(/\b[a-z]+_[0-9A-Z]{26}\b/g, "<new id>");
  return { status: response.status, body: text.replace(/"request_id":"[^"]*"/g, '"request_id":"…"').replace(/req_[0-9A-Za-z]+/g, "req_…") };
}

/** B is given A's ids, then the ghost's: the two answers must be the same (nothing tells A's apart from nothing). */
async function asMissing(name: OperationName, args: Args): Promise<void> {
  const real = await normalized(await sendUnchecked(apiB, name, args(a) as never), a);
  const none = await normalized(await sendUnchecked(apiB, name, args(ghost) as never), ghost);
  expect(real, `${name}: A's ids answered unlike ids of nothing`).toEqual(none);
  expect(real.status, `${name} succeeded on A's ids: ${real.body}`).toBeGreaterThanOrEqual(200);
  noLeak(name, real.body);
}

/** B acting on its own (a list, a search, its own new things): nothing of A in the answer. */
async function ownOnly(name: OperationName, args: Args): Promise<void> {
  const response = await sendUnchecked(apiB, name, args(a) as never);
  noLeak(name, await response.text());
}

function noLeak(name: string, text: string) {
  for (const secret of secrets) expect(text.includes(secret), `${name}'s answer names A's ${secret}: ${text.slice(0, 400)}`).toBe(false);
}

const missing = (name: OperationName, args: Args): Probe => ({ check: () => asMissing(name, args) });
const own = (name: OperationName, args: Args = () => ({})): Probe => ({ check: () => ownOnly(name, args) });
const both = (name: OperationName, mine: Args, theirs: Args): Probe => ({
  check: async () => {
    await ownOnly(name, mine);
    await asMissing(name, theirs);
  },
});
const store = (ids: Ids) => ({ store: ids.store });
const memoryParams = (ids: Ids) => ({ store: ids.store, memory: ids.memory });
const asOf = () => new Date().toISOString();

/**
 * Every operation, and what B's key must meet with A's ids. `Record<OperationName, …>`: an
 * operation added to the table without a line here fails the type check, and the run below.
 */
/** The organisation API spans workspaces by design; who may call it, and a workspace admin's reach, are test/api/organization.test.ts's. */
const ORGANIZATION: Probe = { skip: "the organisation API (test/api/organization.test.ts checks who may call it and a workspace admin's reach)" };

const PROBES: Record<OperationName, Probe> = {
  createStore: own("createStore", () => ({ body: { name: "b's own store" } })),
  listStores: own("listStores"),
  retrieveStore: missing("retrieveStore", (i) => ({ params: store(i) })),
  updateStore: missing("updateStore", (i) => ({ params: store(i), body: { description: "b was here" } })),
  deleteStore: missing("deleteStore", (i) => ({ params: store(i) })),
  archiveStore: missing("archiveStore", (i) => ({ params: store(i) })),
  createMemory: missing("createMemory", (i) => ({ params: store(i), body: { path: "/memories/b.md", content: "b" } })),
  listMemories: missing("listMemories", (i) => ({ params: store(i) })),
  retrieveMemory: missing("retrieveMemory", (i) => ({ params: memoryParams(i) })),
  updateMemory: missing("updateMemory", (i) => ({ params: memoryParams(i), body: { content: "b" } })),
  deleteMemory: missing("deleteMemory", (i) => ({ params: memoryParams(i) })),
  listVersions: missing("listVersions", (i) => ({ params: store(i) })),
  retrieveVersion: missing("retrieveVersion", (i) => ({ params: { store: i.store, version: i.version } })),
  redactVersion: missing("redactVersion", (i) => ({ params: { store: i.store, version: i.version } })),
  runMemoryTool: missing("runMemoryTool", (i) => ({ params: store(i), body: { command: "view", path: "/memories" } })),
  me: own("me"),
  moveStore: missing("moveStore", (i) => ({ body: { memory_store_id: i.store, workspace_id: workspaceB } })),
  copyStore: missing("copyStore", (i) => ({ body: { source_memory_store_id: i.store, name: "b's copy" } })),
  listStoreBatches: own("listStoreBatches"),
  planStoreBatch: both(
    "planStoreBatch",
    () => ({ upload: { body: "name\nb's batch store\n", contentType: "text/csv" } }),
    (i) => ({ query: { template_store_id: i.store }, upload: { body: "name\nb's templated store\n", contentType: "text/csv" } }),
  ),
  retrieveStoreBatch: missing("retrieveStoreBatch", (i) => ({ params: { store_batch: i.storeBatch } })),
  executeStoreBatch: missing("executeStoreBatch", (i) => ({ params: { store_batch: i.storeBatch }, body: { confirmation: "create 1 store" } })),
  listActors: own("listActors"),
  listUsers: own("listUsers"),
  createUser: { skip: "people are the organisation's; their workspace rules are test/api/workspaces.test.ts's" },
  updateUser: { skip: "people are the organisation's; their workspace rules are test/api/workspaces.test.ts's" },
  listApiKeys: own("listApiKeys"),
  createApiKey: own("createApiKey", () => ({ body: { name: "b probe key", role: "viewer" } })),
  revokeApiKey: missing("revokeApiKey", (i) => ({ params: { key: i.key } })),
  listReviews: own("listReviews"),
  countReviews: own("countReviews"),
  retrieveReview: missing("retrieveReview", (i) => ({ params: { memory: i.memory } })),
  approveReview: missing("approveReview", (i) => ({ params: { memory: i.memory }, body: { head_version_id: i.version } })),
  revertReview: missing("revertReview", (i) => ({ params: { memory: i.memory }, body: { head_version_id: i.version } })),
  bulkReview: both(
    "bulkReview",
    () => ({ body: { action: "approve", dry_run: true } }),
    (i) => ({ body: { action: "approve", items: [{ memory_id: i.memory, head_version_id: i.version }] } }),
  ),
  listReviewDecisions: both(
    "listReviewDecisions",
    () => ({}),
    (i) => ({ query: { memory_id: i.memory } }),
  ),
  reviewMarks: missing("reviewMarks", (i) => ({ query: { store_id: i.store, version_id: i.version } })),
  retrieveReviewSettings: missing("retrieveReviewSettings", (i) => ({ params: store(i) })),
  updateReviewSettings: missing("updateReviewSettings", (i) => ({ params: store(i), body: { needs_review: "everyone" } })),
  listReviewBatches: own("listReviewBatches"),
  listBatchUndos: both(
    "listBatchUndos",
    () => ({}),
    (i) => ({ query: { batch_id: i.batch } }),
  ),
  planBatchUndo: missing("planBatchUndo", (i) => ({ body: { batch_id: i.batch } })),
  retrieveBatchUndo: missing("retrieveBatchUndo", (i) => ({ params: { undo: i.undo } })),
  executeBatchUndo: missing("executeBatchUndo", (i) => ({ params: { undo: i.undo }, body: { confirmation: "undo 1" } })),
  search: both(
    "search",
    () => ({ query: { q: WORD, scope: "versions" } }),
    (i) => ({ query: { q: WORD, memory_store_id: i.store } }),
  ),
  findStores: own("findStores", () => ({ query: { name: STORE_NAME } })),
  retrieveUsage: own("retrieveUsage", () => ({ query: { min_fill_percent: "1" } })),
  listBulkDeletions: own("listBulkDeletions"),
  planBulkDeletion: both(
    "planBulkDeletion",
    // B's own filter is echoed in its report: a piece of A's store's name, which must find nothing.
    () => ({ body: { target: "stores", name: "private-store" } }),
    (i) => ({ body: { target: "memories", memory_store_id: i.store, path_prefix: "/" } }),
  ),
  retrieveBulkDeletion: missing("retrieveBulkDeletion", (i) => ({ params: { bulk_deletion: i.bulk } })),
  executeBulkDeletion: missing("executeBulkDeletion", (i) => ({
    params: { bulk_deletion: i.bulk },
    body: { digest: "0".repeat(64), confirmation: "delete 1 memory" },
  })),
  listStoreArchivals: own("listStoreArchivals"),
  planStoreArchival: missing("planStoreArchival", (i) => ({ body: { memory_store_ids: [i.store] } })),
  retrieveStoreArchival: missing("retrieveStoreArchival", (i) => ({ params: { store_archival: i.storeArchival } })),
  executeStoreArchival: missing("executeStoreArchival", (i) => ({ params: { store_archival: i.storeArchival }, body: { confirmation: "archive 1 store" } })),
  listStoreDeletions: own("listStoreDeletions"),
  retrieveStoreLifecycle: own("retrieveStoreLifecycle"),
  updateStoreLifecycle: own("updateStoreLifecycle", () => ({ body: { archive_after_idle_days: null } })),
  planStoreDeletion: missing("planStoreDeletion", (i) => ({ body: { memory_store_ids: [i.store] } })),
  retrieveStoreDeletion: missing("retrieveStoreDeletion", (i) => ({ params: { store_deletion: i.storeDeletion } })),
  executeStoreDeletion: missing("executeStoreDeletion", (i) => ({ params: { store_deletion: i.storeDeletion }, body: { confirmation: "delete 1 store" } })),
  listErasures: own("listErasures"),
  planErasure: both(
    "planErasure",
    () => ({ body: { query: WORD, action: "replace" } }),
    (i) => ({ body: { query: WORD, action: "replace", memory_store_ids: [i.store] } }),
  ),
  findErasureMatches: both(
    "findErasureMatches",
    () => ({ body: { pattern: { type: "literal", values: [WORD] } } }),
    (i) => ({ body: { pattern: { type: "literal", values: [WORD] }, memory_store_ids: [i.store] } }),
  ),
  retrieveErasure: missing("retrieveErasure", (i) => ({ params: { erasure: i.erasure } })),
  executeErasure: missing("executeErasure", (i) => ({ params: { erasure: i.erasure }, body: { query: WORD, confirmation: "erase 1 version" } })),
  exportStore: missing("exportStore", (i) => ({ params: store(i), query: { format: "jsonl" } })),
  importUpload: missing("importUpload", (i) => ({
    query: { format: "jsonl", store_id: i.store, dry_run: true },
    upload: { body: "{}\n", contentType: "application/x-ndjson" },
  })),
  listImports: both(
    "listImports",
    () => ({}),
    (i) => ({ query: { store_id: i.store } }),
  ),
  retrieveImport: missing("retrieveImport", (i) => ({ params: { import: i.import } })),
  listWebhookEndpoints: own("listWebhookEndpoints"),
  createWebhookEndpoint: missing("createWebhookEndpoint", (i) => ({
    body: { url: "http://127.0.0.1:9/b-hook", events: ["memory.created"], memory_store_id: i.store },
  })),
  retrieveWebhookEndpoint: missing("retrieveWebhookEndpoint", (i) => ({ params: { endpoint: i.endpoint } })),
  updateWebhookEndpoint: missing("updateWebhookEndpoint", (i) => ({ params: { endpoint: i.endpoint }, body: { enabled: false } })),
  deleteWebhookEndpoint: missing("deleteWebhookEndpoint", (i) => ({ params: { endpoint: i.endpoint } })),
  rotateWebhookSecret: missing("rotateWebhookSecret", (i) => ({ params: { endpoint: i.endpoint } })),
  listWebhookDeliveries: both(
    "listWebhookDeliveries",
    () => ({}),
    (i) => ({ query: { endpoint_id: i.endpoint } }),
  ),
  resendWebhookDelivery: missing("resendWebhookDelivery", (i) => ({ params: { delivery: i.delivery } })),
  listMemoriesAsOf: missing("listMemoriesAsOf", (i) => ({ params: store(i), query: { as_of: asOf() } })),
  retrieveMemoryAsOf: missing("retrieveMemoryAsOf", (i) => ({ params: memoryParams(i), query: { as_of: asOf() } })),
  listStoreChanges: missing("listStoreChanges", (i) => ({ params: store(i), query: { from: asOf() } })),
  storeActivity: missing("storeActivity", (i) => ({ params: store(i) })),
  listRestores: both(
    "listRestores",
    () => ({}),
    (i) => ({ query: { memory_store_id: i.store } }),
  ),
  planRestore: missing("planRestore", (i) => ({ body: { memory_store_id: i.store, as_of: asOf() } })),
  retrieveRestore: missing("retrieveRestore", (i) => ({ params: { restore: i.restore } })),
  executeRestore: missing("executeRestore", (i) => ({ params: { restore: i.restore }, body: { confirmation: "restore 1 memory" } })),
  listReverts: both(
    "listReverts",
    () => ({}),
    (i) => ({ query: { memory_store_id: i.store } }),
  ),
  planRevert: missing("planRevert", (i) => ({ body: { memory_store_id: i.store, session_id: "sess_alpha" } })),
  retrieveRevert: missing("retrieveRevert", (i) => ({ params: { revert: i.revert } })),
  executeRevert: missing("executeRevert", (i) => ({ params: { revert: i.revert }, body: { confirmation: "revert 1 memory" } })),
  listFolderSummaries: missing("listFolderSummaries", (i) => ({ params: store(i) })),
  retrieveStoreAsOf: missing("retrieveStoreAsOf", (i) => ({ params: store(i), query: { as_of: asOf() } })),
  listMemoryReads: missing("listMemoryReads", (i) => ({ params: store(i) })),
  listUnreadMemories: missing("listUnreadMemories", (i) => ({ params: store(i) })),
  listVersionReaders: missing("listVersionReaders", (i) => ({ params: { store: i.store, version: i.version } })),
  retrieveDefaultWritePolicy: own("retrieveDefaultWritePolicy"),
  updateDefaultWritePolicy: own("updateDefaultWritePolicy", () => ({ body: { max_content_bytes: 4096 } })),
  retrieveWritePolicy: missing("retrieveWritePolicy", (i) => ({ params: store(i) })),
  updateWritePolicy: missing("updateWritePolicy", (i) => ({ params: store(i), body: { max_content_bytes: 4096 } })),
  deleteWritePolicy: missing("deleteWritePolicy", (i) => ({ params: store(i) })),
  dryRunWritePolicy: missing("dryRunWritePolicy", (i) => ({ params: store(i), body: { max_content_bytes: 4096 } })),
  verifyStoreHistory: missing("verifyStoreHistory", (i) => ({ params: store(i) })),
  listAuditEvents: own("listAuditEvents"),
  verifyAuditLog: {
    check: async () => {
      // The chain is the instance's (every workspace's events are links of it): organisation admins only.
      const response = await sendUnchecked(apiB, "verifyAuditLog", {});
      expect(response.status).toBe(403);
      noLeak("verifyAuditLog", await response.text());
    },
  },
  retrieveOrganization: ORGANIZATION,
  listWorkspaces: ORGANIZATION,
  createWorkspace: ORGANIZATION,
  retrieveWorkspace: ORGANIZATION,
  updateWorkspace: ORGANIZATION,
  archiveWorkspace: ORGANIZATION,
  listWorkspaceMembers: ORGANIZATION,
  addWorkspaceMember: ORGANIZATION,
  retrieveWorkspaceMember: ORGANIZATION,
  updateWorkspaceMember: ORGANIZATION,
  removeWorkspaceMember: ORGANIZATION,
  listOrganizationApiKeys: ORGANIZATION,
  retrieveOrganizationApiKey: ORGANIZATION,
  updateOrganizationApiKey: ORGANIZATION,
  listOrganizationUsers: ORGANIZATION,
  retrieveOrganizationUser: ORGANIZATION,
  updateOrganizationUser: ORGANIZATION,
  removeOrganizationUser: ORGANIZATION,
  listInvites: ORGANIZATION,
  createInvite: ORGANIZATION,
  retrieveInvite: ORGANIZATION,
  deleteInvite: ORGANIZATION,
};

async function seedA(): Promise<Ids> {
  const api = server.api;
  const made = await callOk(api, "createStore", { body: { name: STORE_NAME } });
  const storeId = made.id;
  const memory = await callOk(api, "createMemory", { params: { store: storeId }, body: { path: PATH, content: `first ${WORD}` } });
  // A webhook endpoint before the next write, so that it has a delivery.
  const endpoint = await callOk(api, "createWebhookEndpoint", { body: { url: "http://127.0.0.1:9/a-hook", events: ["memory.modified"] } });
  const changed = await callOk(api, "updateMemory", { params: { store: storeId, memory: memory.id }, body: { content: `second ${WORD}` } });
  const deliveries = await callOk(api, "listWebhookDeliveries", { query: { endpoint_id: endpoint.id } });
  // A review item (an API key's writes await review), then a batch and a dry run of its undo.
  const preview = (await callOk(api, "bulkReview", { body: { action: "approve", dry_run: true, filter: { store_id: storeId } } })) as {
    items: { memory_id: string; head_version_id: string }[];
  };
  const other = await callOk(api, "createMemory", { params: { store: storeId }, body: { path: "/memories/alpha-second.md", content: WORD } });
  const report = (await callOk(api, "bulkReview", {
    body: { action: "approve", items: preview.items.map((i) => ({ memory_id: i.memory_id, head_version_id: i.head_version_id })) },
  })) as { batch_id: string };
  const undo = await callOk(api, "planBatchUndo", { body: { batch_id: report.batch_id } });
  const erasure = await callOk(api, "planErasure", { body: { query: WORD, action: "replace", memory_store_ids: [storeId] } });
  const bulk = await callOk(api, "planBulkDeletion", { body: { target: "memories", memory_store_id: storeId, path_prefix: "/" } });
  const storeArchival = await callOk(api, "planStoreArchival", { body: { memory_store_ids: [storeId] } });
  const storeDeletion = await callOk(api, "planStoreDeletion", { body: { memory_store_ids: [storeId] } });
  const restore = await callOk(api, "planRestore", { body: { memory_store_id: storeId, as_of: new Date().toISOString() } });
  const revert = await callOk(api, "planRevert", { body: { memory_store_id: storeId, session_id: "sess_alpha" } });
  const exported = await api.send("exportStore", { params: { store: storeId }, query: { format: "jsonl" } });
  const imported = await api.send("importUpload", {
    query: { format: "jsonl", name: "alpha-imported-store" },
    upload: { body: await exported.text(), contentType: "application/x-ndjson" },
  });
  const importReport = (await imported.json()) as { import_id: string; store_id: string };
  const key = await callOk(api, "createApiKey", { body: { name: "alpha-private-key", role: "viewer" } });
  const storeBatch = (await (
    await api.send("planStoreBatch", { query: { template_store_id: storeId }, upload: { body: "name\nalpha-batch-store\n", contentType: "text/csv" } })
  ).json()) as { id: string };
  const ids: Ids = {
    store: storeId,
    memory: memory.id,
    version: changed.memory_version_id,
    erasure: erasure.id,
    bulk: bulk.id,
    restore: restore.id,
    revert: revert.id,
    import: importReport.import_id,
    endpoint: endpoint.id,
    delivery: deliveries.data[0]?.id ?? "",
    batch: report.batch_id,
    undo: undo.id,
    key: key.id,
    storeArchival: storeArchival.id,
    storeDeletion: storeDeletion.id,
    storeBatch: storeBatch.id,
  };
  secrets = [
    ...Object.values(ids).filter(Boolean),
    other.id,
    importReport.store_id,
    STORE_NAME,
    "alpha-imported-store",
    "alpha-private-notes",
    "alpha-private-key",
    WORD,
  ];
  return ids;
}

beforeAll(async () => {
  server = await startServer({ env: { WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8, ::1" } });
  workspaceB = newId("wrkspc" as IdPrefix);
  const db = await openServerDb(server);
  try {
    await db.sqlTransaction(
      (tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, display_color, created_at) VALUES (${workspaceB}, ${"Team B"}, ${"#0ea5e9"}, ${new Date()})`,
    );
  } finally {
    await db.close();
  }
  // The organisation key, naming B: the key it makes is B's.
  const inB = server.apiWithHeaders({ "x-api-key": ADMIN_KEY, "anthropic-workspace-id": workspaceB });
  keyB = (await callOk(inB, "createApiKey", { body: { name: "b admin", role: "admin" } })).secret;
  apiB = server.apiWith(keyB);
  a = await seedA();
  ghost = ghostOf(a);
}, 180_000);
afterAll(() => server?.stop());

describe("workspace isolation over the operation table", () => {
  it("has a probe for every operation (organisation operations may be skipped, with a reason)", () => {
    const missingProbes = Object.keys(OPERATIONS).filter((name) => !(name in PROBES));
    expect(missingProbes).toEqual([]);
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      const probe = PROBES[name as OperationName];
      if ("skip" in probe) expect(probe.skip.length, `${name} is skipped without a reason`).toBeGreaterThan(0);
      else if ((operation as { organization?: boolean }).organization) continue;
    }
    expect(a.delivery, "A's endpoint has a delivery to resend").not.toBe("");
  });

  for (const name of Object.keys(PROBES) as OperationName[]) {
    const probe = PROBES[name];
    if ("skip" in probe) it.skip(`${name}: ${probe.skip}`, () => {});
    else it(`${name}: B's key meets A's ids as ids of nothing`, () => probe.check(), 30_000);
  }

  it("left A as it was: its store, its reports, its endpoint and its default policy", async () => {
    const api = server.api;
    expect((await api.send("retrieveStore", { params: { store: a.store } })).status).toBe(200);
    expect((await api.send("retrieveErasure", { params: { erasure: a.erasure } })).status).toBe(200);
    expect((await api.send("retrieveWebhookEndpoint", { params: { endpoint: a.endpoint } })).status).toBe(200);
    const policy = await callOk(api, "retrieveDefaultWritePolicy");
    expect(policy).toMatchObject({ inherited: false });
    expect(policy.max_content_bytes).not.toBe(4096);
    const bPolicy = await callOk(apiB, "retrieveDefaultWritePolicy");
    expect(bPolicy).toMatchObject({ inherited: false, max_content_bytes: 4096 });
  });
});

describe("the workspace header", () => {
  const send = (key: string | null, workspace: string | null) =>
    server.fetch("/v1/memory_stores", { headers: { ...(key ? { "x-api-key": key } : {}), ...(workspace ? { "anthropic-workspace-id": workspace } : {}) } });

  it("a key of B naming A is refused (403 permission_error)", async () => {
    const res = await send(keyB, DEFAULT_WORKSPACE_ID);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("permission_error");
  });

  it("a malformed id is 400, an unknown workspace 404", async () => {
    expect((await send(null, "not-a-workspace")).status).toBe(400);
    expect((await send(null, "wrkspc_01NOSUCHWORKSPACE000000000")).status).toBe(404);
  });

  it("without it the organisation key acts in Default, where A's store is", async () => {
    const res = await send(null, null);
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { data: { id: string }[] }).data.map((s) => s.id);
    expect(ids).toContain(a.store);
    const me = await callOk(server.api, "me");
    expect(me).toMatchObject({ workspace_id: DEFAULT_WORKSPACE_ID });
  });
});

describe("MCP", () => {
  it("/mcp/{store} of A meets B's key as a store that does not exist; A's own key reaches it", async () => {
    const asB = { authorization: `Bearer ${keyB}` };
    const real = await normalized(await rawPost(server, a.store, initializeBody("2025-11-25"), asB), a);
    const none = await normalized(await rawPost(server, ghost.store, initializeBody("2025-11-25"), asB), ghost);
    expect(real).toEqual(none);
    expect(real.status).toBe(404);
    expect((await rawPost(server, a.store, initializeBody("2025-11-25"))).status).toBe(200);
  });
});

describe("webhooks", () => {
  it("an endpoint of B hears B's stores only: A's writes reach A's endpoints, never B's", async () => {
    const mine = await callOk(apiB, "createWebhookEndpoint", { body: { url: "http://127.0.0.1:9/b-all", events: ["memory.created"] } });
    const written = await callOk(server.api, "createMemory", { params: { store: a.store }, body: { path: "/memories/alpha-after.md", content: "after" } });
    const bStore = await callOk(apiB, "createStore", { body: { name: "b's heard store" } });
    await callOk(apiB, "createMemory", { params: { store: bStore.id }, body: { path: "/memories/b-heard.md", content: "b" } });
    const heard = await callOk(apiB, "listWebhookDeliveries", { query: { endpoint_id: mine.id } });
    expect(heard.data).toHaveLength(1);
    expect(JSON.stringify(heard)).not.toContain(written.id);
    noLeak("listWebhookDeliveries", JSON.stringify(await callOk(apiB, "listWebhookDeliveries", {})));
  });
});
