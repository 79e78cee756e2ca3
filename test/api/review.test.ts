import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { operationUrl } from "../../lib/api-client/client.ts";
import type { BodyOf, CallRest, OperationName } from "../../lib/api-client/operation-types.ts";
import { answerOf, sendUnchecked } from "../helpers/operations.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";

// The review API (issue 10): agents' writes land at once; the review layer says what awaits a
// reviewer, and every action is conditional on the head the reviewer saw.
let server: TestServer;
let cookie: string;
const ADMIN = { email: "reviewer@example.com", password: "reviewer password 123" };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Credentials = { key?: string; cookie?: string };

async function call(who: Credentials, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json; response: Response }> {
  const headers: Record<string, string> = who.cookie ? { cookie: who.cookie, "x-api-key": "", origin: server.baseURL } : { "x-api-key": who.key ?? ADMIN_KEY };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await server.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.clone().json()) as Json, response };
}
/** The typed client as this principal: its key, or the console's session cookie (no key, same origin). */
const clientOf = (who: Credentials) =>
  server.apiWithHeaders(who.cookie ? { cookie: who.cookie, "x-api-key": "", origin: server.baseURL } : { "x-api-key": who.key ?? ADMIN_KEY });
const op = <N extends OperationName>(who: Credentials, name: N, ...args: CallRest<N>) => answerOf(clientOf(who).send(name, ...args));
/** The same with a query or body the operation's schema refuses. */
const opUnchecked = <N extends OperationName>(who: Credentials, name: N, args: Parameters<typeof sendUnchecked<N>>[2]) =>
  answerOf(sendUnchecked(clientOf(who), name, args));
const agent: Credentials = { key: ADMIN_KEY };
const reviewer = (): Credentials => ({ cookie });

async function store(name: string): Promise<string> {
  return (await server.client.beta.memoryStores.create({ name })).id;
}
const memories = () => server.client.beta.memoryStores.memories;
async function pending(storeId: string): Promise<Json[]> {
  const res = await op(reviewer(), "listReviews", { query: { store_id: storeId } });
  expect(res.status).toBe(200);
  return res.body.data;
}
async function newKey(body: Omit<BodyOf<"createApiKey">, "name">): Promise<string> {
  const res = await op(agent, "createApiKey", { body: { name: "k", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.secret;
}

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
  const signedIn = await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password);
  expect(signedIn.error).toBeNull();
  cookie = signedIn.cookie!;
});
afterAll(() => server?.stop());

describe("whose writes await review", () => {
  it("agents by default; a console user's own write settles; 'everyone' and 'nobody' per store", async () => {
    const storeId = await store("policy");
    const byAgent = await memories().create(storeId, { path: "/agent.md", content: "from an agent" });
    const byUser = await call(reviewer(), "POST", `/v1/memory_stores/${storeId}/memories`, { path: "/user.md", content: "from a person" });
    expect(byUser.status).toBe(200);
    expect((await pending(storeId)).map((i) => [i.memory_id, i.change, i.version_count, i.last_actor])).toEqual([
      [byAgent.id, "created", 1, { type: "api_actor", api_key_id: expect.stringMatching(/^apikey_/) }],
    ]);
    expect((await op(reviewer(), "retrieveReviewSettings", { params: { store: storeId } })).body).toEqual({
      type: "review_settings",
      store_id: storeId,
      needs_review: "agents",
    });

    expect((await op(reviewer(), "updateReviewSettings", { params: { store: storeId }, body: { needs_review: "everyone" } })).status).toBe(200);
    const userAgain = await call(reviewer(), "POST", `/v1/memory_stores/${storeId}/memories`, { path: "/user2.md", content: "queued too" });
    expect((await pending(storeId)).map((i) => i.memory_id)).toContain(userAgain.body.id);

    expect((await op(reviewer(), "updateReviewSettings", { params: { store: storeId }, body: { needs_review: "nobody" } })).status).toBe(200);
    const quiet = await memories().create(storeId, { path: "/quiet.md", content: "not reviewed" });
    expect((await pending(storeId)).map((i) => i.memory_id)).not.toContain(quiet.id);
    await expectEnvelope(
      (await opUnchecked(reviewer(), "updateReviewSettings", { params: { store: storeId }, body: { needs_review: "sometimes" } })).response,
      400,
      "invalid_request_error",
    );
  });

  it("counts per store and in all", async () => {
    const a = await store("count a");
    const b = await store("count b");
    await memories().create(a, { path: "/1.md", content: "1" });
    await memories().create(a, { path: "/2.md", content: "2" });
    await memories().create(b, { path: "/3.md", content: "3" });
    const counts = await op(reviewer(), "countReviews");
    expect(counts.body.stores[a]).toBe(2);
    expect(counts.body.stores[b]).toBe(1);
    expect(counts.body.total).toBeGreaterThanOrEqual(3);
    expect((await op(reviewer(), "countReviews", { query: { store_id: a } })).body).toEqual({ type: "review_counts", total: 2, stores: { [a]: 2 } });
  });
});

describe("actions are conditional on the head the reviewer saw", () => {
  it("approve with an agent write in between: what was shown is settled, the newer change stays", async () => {
    const storeId = await store("approve");
    const memory = await memories().create(storeId, { path: "/a.md", content: "one" });
    const [shown] = await pending(storeId);
    const detail = await op(reviewer(), "retrieveReview", { params: { memory: memory.id } });
    expect(detail.body).toMatchObject({ type: "review", settled: null, head: { content: "one", path: "/a.md", operation: "created" } });
    await memories().update(memory.id, { memory_store_id: storeId, content: "two" });

    const approved = await op(reviewer(), "approveReview", { params: { memory: memory.id }, body: { head_version_id: shown!.head_version_id } });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toMatch(/up to the version you saw\. 1 newer version written since then still awaits review/);
    expect(approved.body.decision).toMatchObject({ action: "approved", to_version_id: shown!.head_version_id, reviewer: { type: "user_actor" } });
    const [left] = await pending(storeId);
    expect(left).toMatchObject({ memory_id: memory.id, settled_version_id: shown!.head_version_id, change: "modified", version_count: 1 });

    // Nothing lost: the agent's newer content is still the memory's.
    expect((await memories().retrieve(memory.id, { memory_store_id: storeId })).content).toBe("two");
    const again = await op(reviewer(), "approveReview", { params: { memory: memory.id }, body: { head_version_id: shown!.head_version_id } });
    await expectEnvelope(again.response, 409, "conflict_error");
  });

  it("revert of a create, a modify, a rename and a delete, checked through the SDK", async () => {
    const storeId = await store("revert");
    await memories().create(storeId, { path: "/new.md", content: "agent's" });
    const modified = await call(reviewer(), "POST", `/v1/memory_stores/${storeId}/memories`, { path: "/mod.md", content: "original" });
    const renamed = await call(reviewer(), "POST", `/v1/memory_stores/${storeId}/memories`, { path: "/name.md", content: "named" });
    const deleted = await call(reviewer(), "POST", `/v1/memory_stores/${storeId}/memories`, { path: "/del.md", content: "precious" });
    await memories().update(modified.body.id, { memory_store_id: storeId, content: "vandalised" });
    await memories().update(renamed.body.id, { memory_store_id: storeId, path: "/elsewhere.md" });
    await memories().delete(deleted.body.id, { memory_store_id: storeId });

    const items = await pending(storeId);
    expect(items.map((i) => i.change).sort()).toEqual(["created", "deleted", "modified", "renamed"]);
    for (const item of items) {
      const res = await op(reviewer(), "revertReview", { params: { memory: item.memory_id }, body: { head_version_id: item.head_version_id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.decision.action).toBe("reverted");
    }
    expect(await pending(storeId)).toEqual([]);
    const list = await memories().list(storeId, { view: "full" });
    expect(list.data.map((m) => (m.type === "memory" ? [m.path, m.content] : null)).sort()).toEqual([
      ["/del.md", "precious"],
      ["/mod.md", "original"],
      ["/name.md", "named"],
    ]);
    expect(list.data.find((m) => "path" in m && m.path === "/del.md")).toMatchObject({ id: deleted.body.id });
  });

  it("revert with a moved head changes nothing; edit-and-approve saves the reviewer's text", async () => {
    const storeId = await store("edit");
    const memory = await memories().create(storeId, { path: "/e.md", content: "draft" });
    const [shown] = await pending(storeId);
    await memories().update(memory.id, { memory_store_id: storeId, content: "draft 2" });
    const refused = await op(reviewer(), "revertReview", { params: { memory: memory.id }, body: { head_version_id: shown!.head_version_id } });
    const error = await expectEnvelope(refused.response, 409, "conflict_error");
    expect(error.message).toMatch(/changed after you looked/);
    expect((await memories().retrieve(memory.id, { memory_store_id: storeId })).content).toBe("draft 2");

    const [current] = await pending(storeId);
    const edited = await op(reviewer(), "approveReview", {
      params: { memory: memory.id },
      body: { head_version_id: current!.head_version_id, content: "final" },
    });
    expect(edited.body.decision).toMatchObject({ action: "edited", result_version_id: expect.stringMatching(/^memver_/) });
    expect((await memories().retrieve(memory.id, { memory_store_id: storeId })).content).toBe("final");
    expect(await pending(storeId)).toEqual([]);
  });

  it("revert and redact leaves no trace of the agent's secret in history", async () => {
    const storeId = await store("redact");
    const memory = await call(reviewer(), "POST", `/v1/memory_stores/${storeId}/memories`, { path: "/cfg.md", content: "safe" });
    await memories().update(memory.body.id, { memory_store_id: storeId, content: "token sk-ant-api03-LEAKED" });
    const [item] = await pending(storeId);
    const res = await op(reviewer(), "revertReview", { params: { memory: item!.memory_id }, body: { head_version_id: item!.head_version_id, redact: true } });
    expect(res.body.decision.redacted).toBe(true);
    const versions = await server.client.beta.memoryStores.memoryVersions.list(storeId, { memory_id: memory.body.id, view: "full" });
    expect(JSON.stringify(versions.data)).not.toContain("LEAKED");
    const marks = await op(reviewer(), "reviewMarks", { query: { store_id: storeId, version_id: versions.data.map((v) => v.id) } });
    expect(Object.values(marks.body.data).map((m: any) => m.state)).toEqual(["reverted"]); // eslint-disable-line @typescript-eslint/no-explicit-any
  });

  it("bulk approve by filter: dry-run count, then exactly what it saw, with a report in the database", async () => {
    const storeId = await store("bulk");
    for (let i = 0; i < 5; i++) await memories().create(storeId, { path: `/scratch/${i}.md`, content: `${i}` });
    await memories().create(storeId, { path: "/notes/keep.md", content: "keep" });
    const preview = await op(reviewer(), "bulkReview", {
      body: {
        action: "approve",
        dry_run: true,
        filter: { store_id: storeId, path_prefix: "/scratch/" },
      },
    });
    expect(preview.body).toMatchObject({ type: "review_bulk_preview", count: 5 });
    const report = await op(reviewer(), "bulkReview", { body: { action: "approve", items: preview.body.items } });
    expect(report.body).toMatchObject({ type: "review_bulk_report", requested: 5, applied: 5, conflicts: [] });
    expect((await pending(storeId)).map((i) => i.path)).toEqual(["/notes/keep.md"]);
    const logged = await op(reviewer(), "listReviewDecisions", { query: { batch_id: report.body.batch_id } });
    expect(logged.body.data).toHaveLength(5);

    const missing = await op(reviewer(), "bulkReview", { body: { action: "approve", filter: { store_id: storeId } } });
    await expectEnvelope(missing.response, 400, "invalid_request_error");
  });

  it("bulk approve settles what is still as previewed, approves a memory written since only up to what was shown, and reports one settled since", async () => {
    const storeId = await store("bulk since");
    const created: { id: string }[] = [];
    for (let i = 0; i < 6; i++) created.push(await memories().create(storeId, { path: `/since/${i}.md`, content: `${i}` }));
    const preview = await op(reviewer(), "bulkReview", { body: { action: "approve", dry_run: true, filter: { store_id: storeId } } });
    expect(preview.body.count).toBe(6);
    const shown = new Map<string, string>(preview.body.items.map((i: Json) => [i.memory_id, i.head_version_id]));
    // Since the preview: the agent writes one again, and another reviewer approves another.
    await memories().update(created[1]!.id, { memory_store_id: storeId, content: "written again" });
    const settledElsewhere = await op(reviewer(), "approveReview", {
      params: { memory: created[2]!.id },
      body: { head_version_id: shown.get(created[2]!.id)! },
    });
    expect(settledElsewhere.status).toBe(200);

    const report = await op(reviewer(), "bulkReview", { body: { action: "approve", items: preview.body.items } });
    expect(report.body).toMatchObject({ requested: 6, applied: 5, conflicts: [{ memory_id: created[2]!.id }] });
    // What was written since still awaits review, from the version the reviewer saw.
    expect(await pending(storeId)).toEqual([
      expect.objectContaining({ memory_id: created[1]!.id, settled_version_id: shown.get(created[1]!.id), change: "modified", version_count: 1 }),
    ]);
    const logged = await op(reviewer(), "listReviewDecisions", { query: { batch_id: report.body.batch_id, limit: 100 } });
    const decisions = logged.body.data as Json[];
    expect(decisions.map((d) => d.memory_id).sort()).toEqual([0, 1, 3, 4, 5].map((i) => created[i]!.id).sort());
    for (const d of decisions) expect(d).toMatchObject({ action: "approved", from_version_id: null, to_version_id: shown.get(d.memory_id) });
  });
});

describe("a reviewer's reason (migration 0021)", () => {
  it("is kept with approve, revert and bulk decisions and listed with them; an overlong one is refused and changes nothing", async () => {
    const storeId = await store("reasons");
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((n) => memories().create(storeId, { path: `/${n}.md`, content: n })));
    const approved = await op(reviewer(), "approveReview", {
      params: { memory: a!.id },
      body: { head_version_id: a!.memory_version_id, reason: "looks right" },
    });
    expect(approved.body.decision).toMatchObject({ action: "approved", reason: "looks right" });
    const tooLong = await op(reviewer(), "revertReview", {
      params: { memory: b!.id },
      body: { head_version_id: b!.memory_version_id, reason: "x".repeat(1001) },
    });
    await expectEnvelope(tooLong.response, 400, "invalid_request_error");
    expect((await pending(storeId)).map((i) => i.path).sort()).toEqual(["/b.md", "/c.md"]);
    const reverted = await op(reviewer(), "revertReview", { params: { memory: b!.id }, body: { head_version_id: b!.memory_version_id, reason: "not ours" } });
    expect(reverted.body.decision).toMatchObject({ action: "reverted", reason: "not ours" });
    const report = await op(reviewer(), "bulkReview", {
      body: {
        action: "approve",
        items: [{ memory_id: c!.id, head_version_id: c!.memory_version_id }],
        reason: "batch ok",
      },
    });
    const batch = await op(reviewer(), "listReviewDecisions", { query: { batch_id: report.body.batch_id } });
    expect(batch.body.data.map((d: Json) => d.reason)).toEqual(["batch ok"]);
    const trail = await op(reviewer(), "listReviewDecisions", { query: { memory_id: a!.id } });
    expect(trail.body.data[0]).toMatchObject({ reason: "looks right" });
    const none = await memories().create(storeId, { path: "/d.md", content: "d" });
    const plain = await op(reviewer(), "approveReview", { params: { memory: none.id }, body: { head_version_id: none.memory_version_id } });
    expect(plain.body.decision.reason).toBeNull();
  });
});

describe("roles, store-limited keys and the envelope", () => {
  it("viewers read the inbox but cannot act; store-limited keys see and touch only their stores", async () => {
    const mine = await store("mine");
    const theirs = await store("theirs");
    const inMine = await memories().create(mine, { path: "/m.md", content: "m" });
    const inTheirs = await memories().create(theirs, { path: "/t.md", content: "t" });
    const viewer = { key: await newKey({ role: "viewer" }) };
    const limited = { key: await newKey({ role: "reviewer", store_ids: [mine] }) };

    expect((await op(viewer, "listReviews")).status).toBe(200);
    const denied = await op(viewer, "approveReview", { params: { memory: inMine.id }, body: { head_version_id: inMine.memory_version_id } });
    await expectEnvelope(denied.response, 403, "permission_error");
    await expectEnvelope(
      (await op(viewer, "updateReviewSettings", { params: { store: mine }, body: { needs_review: "nobody" } })).response,
      403,
      "permission_error",
    );

    const seen = await op(limited, "listReviews", { query: { limit: 100 } });
    expect(seen.body.data.map((i: Json) => i.store_id)).toEqual([mine]);
    expect(Object.keys((await op(limited, "countReviews")).body.stores)).toEqual([mine]);
    const outside = await op(limited, "revertReview", { params: { memory: inTheirs.id }, body: { head_version_id: inTheirs.memory_version_id } });
    await expectEnvelope(outside.response, 403, "permission_error");
    const bulk = await op(limited, "bulkReview", {
      body: {
        action: "revert",
        items: [{ memory_id: inTheirs.id, head_version_id: inTheirs.memory_version_id }],
      },
    });
    expect(bulk.body).toMatchObject({ applied: 0, conflicts: [{ memory_id: inTheirs.id }] });
    expect((await memories().retrieve(inTheirs.id, { memory_store_id: theirs })).content).toBe("t");
    expect((await op(limited, "approveReview", { params: { memory: inMine.id }, body: { head_version_id: inMine.memory_version_id } })).status).toBe(200);
  });

  it("bad input gets the envelope and changes nothing", async () => {
    const storeId = await store("bad input");
    const memory = await memories().create(storeId, { path: "/x.md", content: "x" });
    await expectEnvelope((await opUnchecked(reviewer(), "approveReview", { params: { memory: memory.id }, body: {} })).response, 400, "invalid_request_error");
    await expectEnvelope(
      (await opUnchecked(reviewer(), "approveReview", { params: { memory: memory.id }, body: { head_version_id: 1 } })).response,
      400,
      "invalid_request_error",
    );
    await expectEnvelope((await op(reviewer(), "retrieveReview", { params: { memory: "mem_nothing" } })).response, 404, "not_found_error");
    await expectEnvelope((await op(reviewer(), "listReviews", { query: { change: "exploded" } })).response, 400, "invalid_request_error");
    await expectEnvelope((await op(reviewer(), "listReviews", { query: { path_prefix: "nope" } })).response, 400, "invalid_request_error");
    await expectEnvelope((await op(reviewer(), "listReviews", { query: { page: "garbage" } })).response, 400, "invalid_request_error");
    // The wrong method on the operation's path: raw HTTP, to the operation's own URL.
    await expectEnvelope(
      (await call(reviewer(), "GET", operationUrl("approveReview", { params: { memory: memory.id } }))).response,
      405,
      "invalid_request_error",
    );
    expect((await pending(storeId)).map((i) => i.memory_id)).toEqual([memory.id]);
  });
});

describe("two app instances", () => {
  it("approving the same item at once: one wins, one gets a clear conflict", async () => {
    const other = await startServer({ databaseUrl: server.databaseUrl });
    try {
      const storeId = await store("race");
      const memory = await memories().create(storeId, { path: "/race.md", content: "r" });
      const responses = await Promise.all(
        [server, other, server, other].map((s) =>
          s.api.send("approveReview", { params: { memory: memory.id }, body: { head_version_id: memory.memory_version_id } }),
        ),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      const conflict = responses.find((r) => r.status === 409)!;
      expect(((await conflict.json()) as Json).error.message).toMatch(/someone else settled it/);
      expect((await op(reviewer(), "listReviewDecisions", { query: { memory_id: memory.id } })).body.data).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});
