import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import type { CallRest, OperationName } from "../../lib/api-client/operation-types.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";

// Review batches and their undos (issue 26): GET /v1/review_batches, then a dry run
// (POST /v1/review_batch_undos), then its execution with the phrase; conditional on nothing
// having changed since the batch, with a report (JSON and CSV).
let server: TestServer;
let cookie: string;
const ADMIN = { email: "undo@example.com", password: "undo password 12345" };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Who = { key?: string; cookie?: string };
/** The typed client as this principal: its key, or the console's session cookie (no key, same origin). */
const clientOf = (who: Who) =>
  server.apiWithHeaders(who.cookie ? { cookie: who.cookie, "x-api-key": "", origin: server.baseURL } : { "x-api-key": who.key ?? ADMIN_KEY });
async function read(response: Response) {
  const text = await response.clone().text();
  return { status: response.status, body: (text.startsWith("{") ? JSON.parse(text) : {}) as Json, text, response };
}
const op = async <N extends OperationName>(who: Who, name: N, ...args: CallRest<N>) => read(await clientOf(who).send(name, ...args));
/** The same with a query or body the operation's schema refuses. */
const opUnchecked = async <N extends OperationName>(who: Who, name: N, args: Parameters<typeof sendUnchecked<N>>[2]) =>
  read(await sendUnchecked(clientOf(who), name, args));
const reviewer = () => ({ cookie });
const memories = () => server.client.beta.memoryStores.memories;

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
  const signedIn = await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password);
  expect(signedIn.error).toBeNull();
  cookie = signedIn.cookie!;
});
afterAll(() => server?.stop());

describe("undo a review batch", () => {
  it("lists the batch, plans, leaves a memory changed after the batch, executes with the phrase, and keeps the report", async () => {
    const storeId = (await server.client.beta.memoryStores.create({ name: "undo api" })).id;
    const a = await memories().create(storeId, { path: "/a.md", content: "a by agent" });
    const b = await memories().create(storeId, { path: "/b.md", content: "b by agent" });
    const preview = await op(reviewer(), "bulkReview", { body: { action: "approve", dry_run: true, filter: { store_id: storeId } } });
    expect(preview.body.count).toBe(2);
    const report = await op(reviewer(), "bulkReview", { body: { action: "approve", items: preview.body.items, reason: "looked fine" } });
    expect(report.body).toMatchObject({ applied: 2 });
    const batchId = report.body.batch_id;

    const batches = await op(reviewer(), "listReviewBatches");
    expect(batches.status).toBe(200);
    expect(batches.body.data[0]).toEqual({
      type: "review_batch",
      id: batchId,
      action: "approved",
      reviewer: { type: "user_actor", user_id: expect.stringMatching(/^user_/) },
      created_at: expect.any(String),
      decisions: 2,
      memory_store_ids: [storeId],
      reason: "looked fine",
      last_undo: null,
    });

    // b changes after the batch: the undo leaves it and says why.
    await memories().update(b.id, { memory_store_id: storeId, content: "b later" });
    const plan = await op(reviewer(), "planBatchUndo", { body: { batch_id: batchId } });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body).toMatchObject({
      type: "review_batch_undo",
      status: "planned",
      batch_id: batchId,
      batch_action: "approved",
      memory_store_ids: [storeId],
      confirmation: "undo 1 memory",
      counts: { delete: 1, conflict: 1 },
    });
    const rows = Object.fromEntries(plan.body.items.map((i: Json) => [i.memory_id, i]));
    expect(rows[a.id]).toMatchObject({ action: "delete", outcome: "planned", memory_store_id: storeId, decision_id: expect.stringMatching(/^revdec_/) });
    expect(rows[b.id]).toMatchObject({ action: "conflict", outcome: "left", reason: expect.stringMatching(/changed after the batch by api_actor/) });

    await expectEnvelope(
      (await op(reviewer(), "executeBatchUndo", { params: { undo: plan.body.id }, body: { confirmation: "undo" } })).response,
      400,
      "invalid_request_error",
    );
    const done = await op(reviewer(), "executeBatchUndo", { params: { undo: plan.body.id }, body: { confirmation: "undo 1 memory" } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", executed_by: { type: "user_actor" } });
    expect(Object.fromEntries(done.body.items.map((i: Json) => [i.memory_id, i.outcome]))).toEqual({ [a.id]: "done", [b.id]: "left" });
    expect((await memories().list(storeId)).data.map((m) => m.path)).toEqual(["/b.md"]);
    // Deliberate: nothing of the undo awaits review.
    expect((await op(reviewer(), "listReviews", { query: { store_id: storeId } })).body.data.map((i: Json) => i.memory_id)).toEqual([b.id]);

    const csv = await op(reviewer(), "retrieveBatchUndo", { params: { undo: plan.body.id }, query: { format: "csv" } });
    expect(csv.response.headers.get("content-disposition")).toBe(`attachment; filename="${plan.body.id}.csv"`);
    expect(csv.text.split("\n")[0]).toMatch(/^undo_id,memory_id,memory_store_id,decision_id,action,outcome/);
    expect((await op(reviewer(), "listBatchUndos", { query: { batch_id: batchId } })).body.data.map((u: Json) => u.id)).toEqual([plan.body.id]);
    expect((await op(reviewer(), "listReviewBatches")).body.data[0].last_undo).toEqual({ id: plan.body.id, status: "completed" });
    // An audit event names the undo.
    const audit = await op(reviewer(), "listAuditEvents", { query: { action: "review_batch.undone" } });
    expect(audit.body.data.map((e: Json) => e.target?.id)).toContain(plan.body.id);
  });

  it("refuses an unknown batch, a read-only key, and hides another store's batch from a store-limited key", async () => {
    await expectEnvelope((await op(reviewer(), "planBatchUndo", { body: { batch_id: "revbatch_none" } })).response, 404, "not_found_error");
    await expectEnvelope((await opUnchecked(reviewer(), "planBatchUndo", { body: {} })).response, 400, "invalid_request_error");
    const storeId = (await server.client.beta.memoryStores.create({ name: "undo scope" })).id;
    const other = (await server.client.beta.memoryStores.create({ name: "undo other" })).id;
    await memories().create(storeId, { path: "/x.md", content: "x" });
    const preview = await op(reviewer(), "bulkReview", { body: { action: "approve", dry_run: true, filter: { store_id: storeId } } });
    const batchId = (await op(reviewer(), "bulkReview", { body: { action: "approve", items: preview.body.items } })).body.batch_id;
    const readOnly = (await op({}, "createApiKey", { body: { name: "ro", role: "viewer" } })).body.secret;
    await expectEnvelope((await op({ key: readOnly }, "planBatchUndo", { body: { batch_id: batchId } })).response, 403, "permission_error");
    const limited = (await op({}, "createApiKey", { body: { name: "lim", role: "reviewer", store_ids: [other] } })).body.secret;
    await expectEnvelope((await op({ key: limited }, "planBatchUndo", { body: { batch_id: batchId } })).response, 404, "not_found_error");
    expect((await op({ key: limited }, "listReviewBatches")).body.data.map((b: Json) => b.id)).not.toContain(batchId);
  });
});

// Sessions are shown with the key that ran them (issue 26, item 5): the names the console reads.
describe("GET /v1/actors names each session's key", () => {
  it("lists a session with the API key it wrote through, and the key with the user who made it", async () => {
    const storeId = (await server.client.beta.memoryStores.create({ name: "sessions named" })).id;
    const made = await op(reviewer(), "createApiKey", { body: { name: "support bot", role: "reviewer" } });
    expect(made.status).toBe(200);
    const session = `sess_named_${Date.now()}`;
    const res = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool?session_id=${session}`, {
      method: "POST",
      headers: { "x-api-key": made.body.secret, "content-type": "application/json" },
      body: JSON.stringify({ command: "create", path: "/memories/s.md", file_text: "s\n" }),
    });
    expect(res.status).toBe(200);
    const names = (await op(reviewer(), "listActors")).body;
    expect(names.sessions).toContainEqual({ id: session, api_key_id: made.body.id });
    const me = names.users.find((u: Json) => u.email === ADMIN.email);
    expect(names.api_keys).toContainEqual({ id: made.body.id, name: "support bot", created_by_user_id: me.id });
  });
});
