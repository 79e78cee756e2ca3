import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope, sha256 } from "../helpers/api.ts";
import { problemsSeenInDatabase } from "../helpers/invariants.ts";
import { operationUrl } from "../../lib/api-client/client.ts";
import type { BodyOf } from "../../lib/api-client/operation-types.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { ADMIN_KEY, ENGINE, startServer, type TestServer } from "../helpers/server.ts";

// Pattern erase (issue 26): POST /v1/erasure_matches lists every distinct match of a detector
// with its counts (records nothing); POST /v1/erasures with `values` erases exactly the picked
// ones in one run, bound to that set, with one report that names paths and what happened per
// memory; the one-text form is unchanged. Admins only; a bad regex is a 400 envelope.
let server: TestServer;
let storeA: string;
let storeB: string;
let reviewerKey: string;

type Match = { value: string; count: number; versions: number; memories: number; current_memories: number; memory_store_ids: string[] };
type Matches = { type: string; pattern_type: string; matches: Match[]; truncated: boolean; complete: boolean; scanned_versions: number; skipped: number };
type Item = {
  memory_store_id: string;
  memory_id: string;
  memory_version_id: string;
  kind: string;
  outcome: string;
  path: string | null;
  planned_action: string | null;
};
type Memory = {
  memory_store_id: string;
  memory_id: string;
  path: string | null;
  action: string;
  older_versions: number;
  outcome: string | null;
  redacted_versions: number | null;
};
type Erasure = {
  id: string;
  status: string;
  query_sha256: string;
  value_count: number;
  value_sha256s: string[] | null;
  pattern_type: string | null;
  confirmation: string;
  counts: Record<string, number | null>;
  items?: Item[];
  memories?: Memory[];
};

/** The typed client with this key (the admin key by default). */
const as = (key = ADMIN_KEY) => server.apiWith(key);
async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const findMatches = (body: BodyOf<"findErasureMatches">) =>
  as()
    .send("findErasureMatches", { body })
    .then((r) => ok<Matches>(r));
async function exactHits(q: string): Promise<number> {
  const page = await ok<{ data: unknown[] }>(await as().send("search", { query: { q, mode: "exact", scope: "versions" } }));
  return page.data.length;
}

beforeAll(async () => {
  server = await startServer();
  storeA = (await server.client.beta.memoryStores.create({ name: "Pattern A" })).id;
  storeB = (await server.client.beta.memoryStores.create({ name: "Pattern B" })).id;
  reviewerKey = (await ok<{ secret: string }>(await as().send("createApiKey", { body: { name: "reviewer", role: "reviewer" } }))).secret;
});
afterAll(() => server?.stop());

describe(`pattern erase on ${ENGINE}`, () => {
  it("e-mail addresses across two stores: distinct matches, a picked subset erased in one run, the rest left, one report with paths", async () => {
    const memories = server.client.beta.memoryStores.memories;
    const crm = await memories.create(storeA, { path: "/crm/ana.md", content: "Ana <ana@example.com>, cc bob@example.org\n" });
    await memories.update(crm.id, { memory_store_id: storeA, content: "Ana <ana@example.com>, cc bob@example.org, keep carol@example.net\n" });
    const notes = await memories.create(storeB, { path: "/notes/mail.md", content: "Write to ANA@example.com or dave@example.com\n" });
    const folder = await memories.create(storeB, { path: "/people/bob@example.org/profile.md", content: "Bob" });

    const found = await findMatches({ pattern: { type: "email" }, memory_store_ids: [storeA, storeB] });
    expect(found).toMatchObject({ type: "erasure_matches", pattern_type: "email", truncated: false, complete: true, scanned_versions: 4 });
    const byValue = new Map(found.matches.map((m) => [m.value.toLowerCase(), m]));
    expect([...byValue.keys()].sort()).toEqual(["ana@example.com", "bob@example.org", "carol@example.net", "dave@example.com"]);
    expect(byValue.get("ana@example.com")).toMatchObject({ count: 3, versions: 3, memories: 2, current_memories: 2 });
    expect(byValue.get("ana@example.com")!.memory_store_ids.sort()).toEqual([storeA, storeB].sort());
    expect(byValue.get("bob@example.org")).toMatchObject({ count: 3, memories: 2 });
    expect((await ok<{ data: unknown[] }>(await as().send("listErasures"))).data).toHaveLength(0); // a find records nothing

    // Pick ana and bob; carol and dave stay.
    const picked = [byValue.get("ana@example.com")!.value, byValue.get("bob@example.org")!.value];
    const plan = await ok<Erasure>(
      await as().send("planErasure", {
        body: { values: picked, pattern_type: "email", memory_store_ids: [storeA, storeB], action: "replace", marker: "[address removed]" },
      }),
    );
    expect(plan).toMatchObject({ status: "planned", value_count: 2, pattern_type: "email", confirmation: "erase 4 versions of 2 values" });
    expect(plan.value_sha256s).toEqual(picked.map(sha256).sort());
    expect(plan.query_sha256).toBe(sha256(JSON.stringify(picked.map(sha256).sort())));
    expect(JSON.stringify(plan).toLowerCase()).not.toMatch(/ana@|bob@example\.org"/);
    const planned = Object.fromEntries(plan.memories!.map((m) => [m.memory_id, m]));
    expect(planned[crm.id]).toMatchObject({ memory_store_id: storeA, path: "/crm/ana.md", action: "rewrite", older_versions: 1, outcome: null });
    expect(planned[notes.id]).toMatchObject({ memory_store_id: storeB, path: "/notes/mail.md", action: "rewrite", older_versions: 0 });
    expect(planned[folder.id]).toMatchObject({ path: "/people/bob@example.org/profile.md", action: "delete" }); // its path holds a value
    expect(plan.items!.find((i) => i.memory_id === crm.id && i.kind === "head")).toMatchObject({ path: "/crm/ana.md", planned_action: "rewrite" });
    // Grouped by store: every store's memories together.
    const order = plan.memories!.map((m) => m.memory_store_id);
    expect(order).toEqual([...order].sort());

    // Bound to the picked set: a subset, a superset or the one-text form is refused, and changes nothing.
    const execute = (body: Record<string, unknown>) =>
      sendUnchecked(as(), "executeErasure", { params: { erasure: plan.id }, body: { confirmation: plan.confirmation, ...body } });
    await expectEnvelope(await execute({ values: [picked[0]] }), 400, "invalid_request_error");
    await expectEnvelope(await execute({ values: [...picked, "carol@example.net"] }), 400, "invalid_request_error");
    await expectEnvelope(await execute({ query: picked[0] }), 400, "invalid_request_error");
    await expectEnvelope(await execute({ values: picked, confirmation: "erase 4 versions" }), 400, "invalid_request_error");
    expect((await memories.retrieve(crm.id, { memory_store_id: storeA })).content).toContain("ana@example.com");

    const report = await ok<Erasure>(await execute({ values: [...picked].reverse() }));
    expect(report).toMatchObject({ status: "completed", counts: { memories_before: 3, versions_before: 4, memories_after: 0, versions_after: 0 } });
    const done = Object.fromEntries(report.memories!.map((m) => [m.memory_id, m]));
    expect(done[crm.id]).toMatchObject({ path: "/crm/ana.md", outcome: "rewritten", redacted_versions: 2 });
    expect(done[notes.id]).toMatchObject({ path: "/notes/mail.md", outcome: "rewritten", redacted_versions: 1 });
    expect(done[folder.id]).toMatchObject({ path: null, outcome: "deleted" }); // the path held a value: none is kept
    expect((await memories.retrieve(crm.id, { memory_store_id: storeA })).content).toBe(
      "Ana <[address removed]>, cc [address removed], keep carol@example.net\n",
    );
    expect((await memories.retrieve(notes.id, { memory_store_id: storeB })).content).toBe("Write to [address removed] or dave@example.com\n");
    for (const value of picked) expect(await exactHits(value)).toBe(0);
    expect(await exactHits("carol@example.net")).toBe(1);
    expect(await exactHits("dave@example.com")).toBe(1);
    const after = await findMatches({ pattern: { type: "email" }, memory_store_ids: [storeA, storeB] });
    expect(after.matches.map((m) => m.value).sort()).toEqual(["carol@example.net", "dave@example.com"]);

    // One report: retrieved, in JSON and CSV, with paths.
    const retrieved = await ok<Erasure>(await as().send("retrieveErasure", { params: { erasure: report.id } }));
    expect(retrieved.memories).toEqual(report.memories);
    const json = (await (await as().send("retrieveErasure", { params: { erasure: report.id }, query: { format: "json" } })).json()) as Erasure;
    expect(json.items!.filter((i) => i.memory_id === crm.id).every((i) => i.path === "/crm/ana.md")).toBe(true);
    expect(JSON.stringify(json).toLowerCase()).not.toContain("bob@example.org");
    const csv = (await (await as().send("retrieveErasure", { params: { erasure: report.id }, query: { format: "csv" } })).text()).trim().split("\r\n");
    // Deliberately changed: the memory's path and awaiting_review are new last columns; the six before them keep their places.
    expect(csv[0]).toBe("erasure_id,memory_store_id,memory_id,memory_version_id,kind,outcome,path,awaiting_review");
    expect(csv).toHaveLength(1 + json.items!.length);
    expect(csv.filter((line) => line.includes(crm.id)).every((line) => /,\/crm\/ana\.md,(true|false)$/.test(line))).toBe(true);
    expect(await problemsSeenInDatabase(server.databaseUrl)).toEqual([]);
  });

  it("literals, phone numbers and regexes; the one-text form still answers as before", async () => {
    const memories = server.client.beta.memoryStores.memories;
    await memories.create(storeA, { path: "/calls.md", content: "call +44 20 7946 0958; ticket TCK-1234 and tck-98765; Project Zephyr" });
    const phone = await findMatches({ pattern: { type: "phone" }, memory_store_ids: [storeA] });
    expect(phone.matches.map((m) => m.value)).toEqual(["+44 20 7946 0958"]);
    const regex = await findMatches({ pattern: { type: "regex", regex: "(?i)tck-\\d{4,}" }, memory_store_ids: [storeA] });
    expect(regex.matches.map((m) => m.value).sort()).toEqual(["TCK-1234", "tck-98765"]);
    const literal = await findMatches({ pattern: { type: "literal", values: ["zephyr"] }, memory_store_ids: [storeA] });
    expect(literal.matches).toMatchObject([{ value: "Zephyr", count: 1 }]);

    const one = await ok<Erasure>(await as().send("planErasure", { body: { query: "TCK-1234", action: "replace", memory_store_ids: [storeA] } }));
    expect(one).toMatchObject({ value_count: 1, value_sha256s: null, pattern_type: null, query_sha256: sha256("TCK-1234"), confirmation: "erase 1 version" });
    await ok(await as().send("executeErasure", { params: { erasure: one.id }, body: { query: "TCK-1234", confirmation: "erase 1 version" } }));
    expect(await exactHits("TCK-1234")).toBe(0);
  });

  it("a pathological regex over large memories answers, bounded, and the server answers others meanwhile", async () => {
    const store = (await server.client.beta.memoryStores.create({ name: "Pattern big" })).id;
    for (let i = 0; i < 3; i++) await server.client.beta.memoryStores.memories.create(store, { path: `/big-${i}.md`, content: "a".repeat(100_000) });
    const scan = findMatches({ pattern: { type: "regex", regex: "(a+)+$|(?:a?){40}a{40}[bc]" }, memory_store_ids: [store] });
    let answeredFirst = false;
    const other = server.client.beta.memoryStores.retrieve(store).then(() => {
      answeredFirst = true;
    });
    const [found] = await Promise.all([scan, other]);
    expect(answeredFirst).toBe(true);
    expect(found.complete || found.scanned_versions < 3).toBe(true);
  });

  it("refuses an invalid regex, bad patterns and non-admins with the error envelope", async () => {
    for (const pattern of [
      { type: "regex", regex: "(unclosed" },
      { type: "regex", regex: "(?=look)ahead" },
      { type: "regex", regex: "(a)\\1" },
      { type: "regex", regex: "[a-z]{0,900}x" },
      { type: "regex", regex: "" },
      { type: "literal", values: ["ab"] },
      { type: "literal", values: [] },
      { type: "credit_card" },
      "email",
    ]) {
      const error = await expectEnvelope(await sendUnchecked(as(), "findErasureMatches", { body: { pattern } }), 400, "invalid_request_error");
      expect(String(error.message)).not.toMatch(/^Internal/);
    }
    const invalid = await expectEnvelope(
      await as().send("findErasureMatches", { body: { pattern: { type: "regex", regex: "(unclosed" } } }),
      400,
      "invalid_request_error",
    );
    expect(invalid.message).toMatch(/pattern\.regex/);
    for (const body of [
      { values: [], action: "delete" },
      { values: ["ok-value"], query: "ok-value", action: "delete" },
      { values: ["ab"], action: "delete" },
      { values: ["ok-value"], pattern_type: "guess", action: "delete" },
      { values: Array.from({ length: 101 }, (_, i) => `value-${i}`), action: "delete" },
      { values: ["ok-value"], action: "replace", marker: "[OK-VALUE]" },
    ]) {
      await expectEnvelope(await sendUnchecked(as(), "planErasure", { body }), 400, "invalid_request_error");
    }
    await expectEnvelope(await as(reviewerKey).send("findErasureMatches", { body: { pattern: { type: "email" } } }), 403, "permission_error");
    // The wrong method on the operation's path: raw HTTP, to the operation's own URL.
    await expectEnvelope(await server.fetch(operationUrl("findErasureMatches")), 405, "invalid_request_error");
  });
});
