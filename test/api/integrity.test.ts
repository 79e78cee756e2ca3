import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collect, expectEnvelope } from "../helpers/api.ts";
import { openRawDb, type RawDb } from "../helpers/database.ts";
import { sendImport } from "../helpers/operations.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * Tamper-evident history through a running server: GET /v1/integrity/{store} after rows are
 * edited, deleted or inserted straight in the server's database (better-sqlite3 on its file, or
 * pg), while the server runs; an export's chain verified by the import; the audit log.
 */
let server: TestServer;
let raw: RawDb;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
  raw = await openRawDb(server.databaseUrl);
});
afterAll(async () => {
  await raw?.close();
  await server?.stop();
});

const stores = () => server.client.beta.memoryStores;
const integrity = async (storeId: string, key?: string) => (key ? server.apiWith(key) : server.api).send("verifyStoreHistory", { params: { store: storeId } });
const report = async (storeId: string) => (await (await integrity(storeId)).json()) as Json;

/** A store with four versions, oldest first. */
async function storeWithHistory(name: string) {
  const store = await stores().create({ name });
  const a = await stores().memories.create(store.id, { path: "/a.md", content: "one" });
  await stores().memories.update(a.id, { memory_store_id: store.id, content: "two" });
  await stores().memories.update(a.id, { memory_store_id: store.id, content: "three" });
  await stores().memories.create(store.id, { path: "/b.md", content: "bee" });
  const ids = (await collect(stores().memoryVersions.list(store.id))).map((v) => v.id).reverse();
  return { storeId: store.id, memoryId: a.id, ids };
}

describe("GET /v1/integrity/{store}", () => {
  it("verifies a store the application wrote, and says which versions it walked", async () => {
    const { storeId, ids } = await storeWithHistory("clean");
    const verified = await report(storeId);
    expect(verified).toMatchObject({
      type: "integrity_report",
      memory_store_id: storeId,
      status: "verified",
      versions_checked: 4,
      first_broken_version_id: null,
      checked_range: { first: { version_id: ids[0], chain_seq: 1 }, last: { version_id: ids[3], chain_seq: 4 } },
    });
    expect(Date.parse(verified.checked_range.first.created_at)).toBeLessThanOrEqual(Date.parse(verified.checked_range.last.created_at));
    const empty = await stores().create({ name: "nothing written" });
    expect(await report(empty.id)).toMatchObject({ status: "verified", versions_checked: 0, checked_range: null });
  });

  it("reports an edited, a deleted and an inserted row at the version concerned", async () => {
    const edited = await storeWithHistory("edited");
    await raw.query("UPDATE memory_versions SET path = ? WHERE id = ?", ["/elsewhere.md", edited.ids[1]]);
    expect(await report(edited.storeId)).toMatchObject({
      status: "broken",
      first_broken_version_id: edited.ids[1],
      checked_range: { first: { version_id: edited.ids[0] }, last: { version_id: edited.ids[1] } },
    });

    const content = await storeWithHistory("content edited");
    await raw.query("UPDATE memory_versions SET content = ? WHERE id = ?", ["tampered", content.ids[0]]);
    expect(await report(content.storeId)).toMatchObject({ status: "broken", first_broken_version_id: content.ids[0] });

    const deleted = await storeWithHistory("deleted");
    await raw.query("DELETE FROM memory_versions WHERE id = ?", [deleted.ids[1]]);
    expect(await report(deleted.storeId)).toMatchObject({ status: "broken", first_broken_version_id: deleted.ids[2] });

    const inserted = await storeWithHistory("inserted");
    const forged = `${inserted.ids[3]}X`;
    await raw.query(
      `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at)
       SELECT ?, store_id, memory_id, 'modified', '/a.md', content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at FROM memory_versions WHERE id = ?`,
      [forged, inserted.ids[1]],
    );
    expect(await report(inserted.storeId)).toMatchObject({ status: "broken", first_broken_version_id: forged });
  });

  it("redaction keeps it verifying and names who redacted", async () => {
    const { storeId, ids } = await storeWithHistory("redacted");
    await stores().memoryVersions.redact(ids[0]!, { memory_store_id: storeId });
    const r = await report(storeId);
    expect(r).toMatchObject({ status: "verified", redaction_count: 1 });
    expect(r.redactions[0]).toMatchObject({ version_id: ids[0], chain_seq: 1, redacted_by: { type: "api_actor" } });
  });

  it("is for admins only, and 404 for no such store", async () => {
    const { storeId } = await storeWithHistory("viewer");
    const created = (await (await server.api.send("createApiKey", { body: { name: "viewer", role: "viewer" } })).json()) as Json;
    await expectEnvelope(await integrity(storeId, created.secret), 403, "permission_error");
    await expectEnvelope(await integrity("memstore_nope"), 404, "not_found_error");
  });
});

describe("export and import carry the chain", () => {
  it("a JSON Lines export's chain verifies on import, and a tampered file says where it breaks", async () => {
    const { storeId } = await storeWithHistory("exported");
    const text = await (await server.api.send("exportStore", { params: { store: storeId }, query: { format: "jsonl" } })).text();
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    expect(lines.filter((l) => l.type === "version_chain")).toHaveLength(4);
    expect(lines[lines.length - 1]).toMatchObject({ type: "history_chain", memory_store_id: storeId, head: { chain_seq: 4 } });

    const imported = (await (await sendImport(server.api, { format: "jsonl", name: "copy" }, text)).json()) as Json;
    expect(imported.history_chain).toMatchObject({ status: "verified", versions_checked: 4, first_broken_version_id: null });
    expect(await report(imported.store_id)).toMatchObject({ status: "verified", versions_checked: 4 });
    const events = (await (await server.api.send("listAuditEvents", { query: { action: "import.executed" } })).json()) as Json;
    expect(events.data.filter((e: Json) => e.memory_store_id === imported.store_id)).toEqual([
      expect.objectContaining({
        target: { type: "import", id: imported.import_id },
        details: expect.objectContaining({ with_history: true, history_chain: "verified" }),
      }),
    ]);

    const version = lines.find((l) => l.type === "memory_version" && l.content === "two")!;
    const tampered = text.replace(JSON.stringify(version), JSON.stringify({ ...version, content: "tw0" }));
    const dry = (await (await sendImport(server.api, { format: "jsonl", name: "copy2", dry_run: true }, tampered)).json()) as Json;
    expect(dry.history_chain).toMatchObject({ status: "broken", first_broken_version_id: version.id });
  });
});

describe("the audit log", () => {
  it("records an export download and an import once each, for admins, downloadable as CSV", async () => {
    const { storeId } = await storeWithHistory("audited");
    await (await server.api.send("exportStore", { params: { store: storeId }, query: { format: "zip" } })).arrayBuffer();
    const page = (await (await server.api.send("listAuditEvents", { query: { action: "export.downloaded" } })).json()) as Json;
    const mine = page.data.filter((e: Json) => e.memory_store_id === storeId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "audit_event", action: "export.downloaded", actor: { type: "api_actor" }, details: { format: "zip" } });
    const csv = await (await server.api.send("listAuditEvents", { query: { format: "csv" } })).text();
    expect(csv.split("\r\n")[0]).toBe("id,seq,created_at,action,actor_type,actor_id,target_type,target_id,memory_store_id,details,chain_hash");
    expect(csv).toContain(mine[0].id);
    expect((await (await server.api.send("verifyAuditLog")).json()) as Json).toMatchObject({ status: "verified" });

    await raw.query("UPDATE audit_events SET details = ? WHERE id = ?", ['{"format":"jsonl"}', mine[0].id]);
    expect((await (await server.api.send("verifyAuditLog")).json()) as Json).toMatchObject({ status: "broken", first_broken_event_id: mine[0].id });
  });
});
