import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { executeBulkDeletion } from "../../lib/memory/bulk-delete/execute-bulk-deletion.ts";
import { confirmationPhrase as bulkConfirmation } from "../../lib/memory/bulk-delete/bulk-deletion-rows.ts";
import { planBulkDeletion } from "../../lib/memory/bulk-delete/plan-bulk-deletion.ts";
import { executeErasure } from "../../lib/memory/erase/execute-erasure.ts";
import { confirmationPhrase, type Erasure, type ErasureItem } from "../../lib/memory/erase/erasure-rows.ts";
import { planErasure } from "../../lib/memory/erase/plan-erasure.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { search } from "../../lib/memory/search/search.ts";
import type { SearchScope } from "../../lib/memory/search/search-sql.ts";
import { parseSearchText } from "../../lib/memory/search/search-text.ts";
import { archiveStore } from "../../lib/memory/stores/archive-store.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { getVersion } from "../../lib/memory/versions/get-version.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { WEBHOOK_EVENT_TYPES } from "../../lib/memory/webhooks/event-types.ts";
import { createEndpoint } from "../../lib/memory/webhooks/manage-endpoints.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Erase (issue 11) on lib/memory: the dry run changes nothing and keeps only the text's hash;
 * the erase acts on what the dry run saw, reports what was written since, and afterwards
 * search finds nothing, in current memories or in history.
 */
const t = useFreshDatabase();
const ADMIN: Actor = { type: "user_actor", user_id: "user_admin" };

const found = async (text: string, storeIds: string[] | null, scope: SearchScope) =>
  (
    await search(t.db, {
      text: parseSearchText(text, "exact"),
      scope,
      stores: storeIds === null ? { workspaceId: DEFAULT_WORKSPACE_ID } : { workspaceId: DEFAULT_WORKSPACE_ID, storeIds },
      limit: 100,
    })
  ).hits;
const plan = (text: string, storeIds: string[] | null, action: "replace" | "delete" = "replace", marker?: string) =>
  planErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, text, storeIds, action, marker, actor: ADMIN });
const execute = (erasure: Erasure, text: string) =>
  executeErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, erasureId: erasure.id, text, confirmation: confirmationPhrase(erasure), actor: ADMIN });
const kinds = (items: ErasureItem[]) => items.map((i) => `${i.kind}:${i.outcome}`).sort();

describe(`erase on ${ENGINE}`, () => {
  it("the dry run lists current memories and versions in the chosen stores, keeps only the hash and changes nothing", async () => {
    const [a, b, c] = [await newStore(t.db), await newStore(t.db), await newStore(t.db)];
    const secret = "sk-ant-dryrun-0001";
    const m = await createMemory(t.db, { storeId: a, path: "/k.md", content: `key ${secret}`, actor: API_ACTOR });
    await updateMemory(t.db, { storeId: a, memoryId: m.id, content: `key ${secret} (rotated?)`, actor: API_ACTOR });
    await createMemory(t.db, { storeId: b, path: "/k.md", content: `old: ${secret.toUpperCase()}`, actor: API_ACTOR });
    await createMemory(t.db, { storeId: c, path: "/k.md", content: `elsewhere ${secret}`, actor: API_ACTOR });

    const { erasure, items } = await plan(secret, [a, b]);
    expect(erasure).toMatchObject({ status: "planned", memoriesBefore: 2, versionsBefore: 3, action: "replace", marker: "[erased]" });
    expect(kinds(items)).toEqual(["head:planned", "head:planned", "history:planned"]);
    expect(new Set(items.map((i) => i.storeId))).toEqual(new Set([a, b]));
    expect(confirmationPhrase(erasure)).toBe("erase 3 versions");
    const [row] = await t.db.sql.$queryRaw<Record<string, unknown>[]>`SELECT * FROM erasures WHERE id = ${erasure.id}`;
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.query_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await found(secret, [a, b, c], "versions")).toHaveLength(4);
  });

  it("the text leaves webhook events and bulk-deletion reports too: paths that held it, and the erase's own events", async () => {
    const storeId = await newStore(t.db);
    await createEndpoint(
      t.db,
      { url: "https://hooks.example.com/erase", events: [...WEBHOOK_EVENT_TYPES], storeId, enabled: true, workspaceId: DEFAULT_WORKSPACE_ID },
      ADMIN,
    );
    const secret = "Zorblax-7731";
    const m = await createMemory(t.db, { storeId, path: "/users/zorblax-7731/profile.md", content: "likes tea", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: m.id, content: "likes coffee", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/users/ZORBLAX-7731/old.md", content: "old", actor: API_ACTOR });
    const { bulk } = await planBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      filter: { target: "memories", storeId, pathPrefix: "/users/ZORBLAX-7731/" },
      actor: ADMIN,
    });
    await executeBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      id: bulk.id,
      digest: bulk.digest,
      confirmation: bulkConfirmation(bulk),
      actor: ADMIN,
    });
    const other = await createMemory(t.db, { storeId, path: "/notes/plain.md", content: "nothing to see", actor: API_ACTOR });
    const kept = async () => {
      const events = await t.db.sql.$queryRaw<{ payload: string }[]>`SELECT payload FROM webhook_events WHERE store_id = ${storeId} ORDER BY id`;
      const labels = await t.db.sql.$queryRaw<{ label: string }[]>`SELECT label FROM bulk_deletion_items WHERE bulk_deletion_id = ${bulk.id}`;
      const [report] = await t.db.sql.$queryRaw<{ filter: string }[]>`SELECT filter FROM bulk_deletions WHERE id = ${bulk.id}`;
      const data = events.map((e) => (JSON.parse(e.payload) as { data: { type: string; id: string; path: string } }).data);
      return { data, all: JSON.stringify([events, labels, report]).toLowerCase() };
    };
    expect((await kept()).all).toContain("zorblax-7731");

    const { erasure } = await plan(secret, [storeId]);
    await execute(erasure, secret);
    const after = await kept();
    expect(after.all).not.toContain("zorblax-7731");
    // The erase deleted the memory whose path held the text; its event names the path with the marker in its place.
    expect(after.data.find((d) => d.type === "memory.deleted" && d.id === m.id)?.path).toBe("/users/[erased]/profile.md");
    expect(after.data.filter((d) => d.id === other.id).map((d) => d.path)).toEqual(["/notes/plain.md", "/notes/plain.md"]);
    expect(after.all).toContain("/users/[erased]/old.md");
  });

  it("replace: the text becomes the marker in a new version, the versions seen are redacted, search finds nothing", async () => {
    const storeId = await newStore(t.db);
    const secret = "+1 (555) 010-4242";
    const m = await createMemory(t.db, { storeId, path: "/people/maria.md", content: `Maria\nphone: ${secret}\n`, actor: API_ACTOR });
    const v2 = await updateMemory(t.db, { storeId, memoryId: m.id, content: `Maria\nphone: ${secret}\nprefers calls`, actor: API_ACTOR });
    const clean = await createMemory(t.db, { storeId, path: "/people/li.md", content: "Li, no phone", actor: API_ACTOR });
    const { erasure } = await plan(secret, [storeId], "replace", "[phone removed]");
    const done = await execute(erasure, secret);

    expect(done.erasure).toMatchObject({ status: "completed", memoriesBefore: 1, versionsBefore: 2, memoriesAfter: 0, versionsAfter: 0, executedBy: ADMIN });
    expect(kinds(done.items)).toEqual(["head:redacted", "history:redacted", "written:replaced"]);
    const now = await getMemory(t.db.sql, storeId, m.id);
    expect(now.content).toBe("Maria\nphone: [phone removed]\nprefers calls");
    expect(done.items.find((i) => i.kind === "written")!.versionId).toBe(now.memoryVersionId);
    for (const id of [m.memoryVersionId, v2.memoryVersionId]) {
      expect(await getVersion(t.db.sql, storeId, id)).toMatchObject({ content: null, path: null, redactedById: "user_admin" });
    }
    expect(await found(secret, [storeId], "memories")).toEqual([]);
    expect(await found(secret, [storeId], "versions")).toEqual([]);
    expect((await getMemory(t.db.sql, storeId, clean.id)).content).toBe("Li, no phone");
  });

  it("delete: the memory is deleted and every version that held the text is redacted", async () => {
    const storeId = await newStore(t.db);
    const secret = "jane.doe@example.com";
    const m = await createMemory(t.db, { storeId, path: "/crm/jane.md", content: `email ${secret}`, actor: API_ACTOR });
    const done = await execute((await plan(secret, [storeId], "delete")).erasure, secret);
    expect(kinds(done.items)).toEqual(["head:redacted", "written:deleted"]);
    await expect(getMemory(t.db.sql, storeId, m.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await found(secret, [storeId], "versions")).toEqual([]);
    const versions = (await listVersions(t.db, { storeId, memoryId: m.id, withContent: true, limit: 10 })).items;
    expect(versions.map((v) => [v.operation, v.path])).toEqual([
      ["deleted", "/crm/jane.md"],
      ["created", null],
    ]);
  });

  it("a path holding the text: the memory is deleted and the deletion redacted too", async () => {
    const storeId = await newStore(t.db);
    const m = await createMemory(t.db, { storeId, path: "/people/jane-doe-1970.md", content: "born jane-doe-1970", actor: API_ACTOR });
    const done = await execute((await plan("jane-doe-1970", [storeId])).erasure, "jane-doe-1970");
    expect(kinds(done.items)).toEqual(["head:redacted", "written:deleted_and_redacted"]);
    await expect(getMemory(t.db.sql, storeId, m.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await found("jane-doe-1970", [storeId], "versions")).toEqual([]);
  });

  it("a write after the dry run is not erased blindly: it is reported, and a second run picks it up", async () => {
    const storeId = await newStore(t.db);
    const secret = "sk-ant-late-9999";
    const m = await createMemory(t.db, { storeId, path: "/a.md", content: `first ${secret}`, actor: API_ACTOR });
    const { erasure } = await plan(secret, [storeId]);
    // Meanwhile an agent writes the secret again, in the same memory and in a new one.
    const rewritten = await updateMemory(t.db, { storeId, memoryId: m.id, content: `again ${secret}`, actor: API_ACTOR });
    const other = await createMemory(t.db, { storeId, path: "/b.md", content: `also ${secret}`, actor: API_ACTOR });

    const first = await execute(erasure, secret);
    expect(first.erasure).toMatchObject({ status: "completed", memoriesAfter: 2, versionsAfter: 2 });
    expect(kinds(first.items)).toEqual(["head:redacted", "late:left", "late:left"]);
    expect(
      first.items
        .filter((i) => i.kind === "late")
        .map((i) => i.versionId)
        .sort(),
    ).toEqual([rewritten.memoryVersionId, other.memoryVersionId].sort());
    // The current content written after the dry run was not touched.
    expect((await getMemory(t.db.sql, storeId, m.id)).content).toBe(`again ${secret}`);

    const second = await execute((await plan(secret, [storeId])).erasure, secret);
    expect(second.erasure).toMatchObject({ memoriesBefore: 2, versionsBefore: 2, memoriesAfter: 0, versionsAfter: 0 });
    expect(await found(secret, [storeId], "versions")).toEqual([]);
    expect((await getMemory(t.db.sql, storeId, m.id)).content).toBe("again [erased]");
  });

  it("many memories, erased several to a transaction: each as if alone, one changed since left and reported", async () => {
    const storeId = await newStore(t.db);
    const secret = "sk-ant-many-4242";
    const memories = [];
    for (let n = 0; n < 30; n++) {
      memories.push(await createMemory(t.db, { storeId, path: `/many/${String(n).padStart(2, "0")}.md`, content: `note ${n} ${secret}`, actor: API_ACTOR }));
    }
    const { erasure } = await plan(secret, [storeId]);
    const changed = await updateMemory(t.db, { storeId, memoryId: memories[26]!.id, content: `changed ${secret}`, actor: API_ACTOR });

    const done = await execute(erasure, secret);
    expect(done.items.filter((i) => i.kind === "written" && i.outcome === "replaced")).toHaveLength(29);
    expect(done.items.filter((i) => i.kind === "late").map((i) => i.versionId)).toEqual([changed.memoryVersionId]);
    for (const [n, memory] of memories.entries()) {
      const content = (await getMemory(t.db.sql, storeId, memory.id)).content;
      expect(content).toBe(n === 26 ? `changed ${secret}` : `note ${n} [erased]`);
    }
    expect((await found(secret, [storeId], "versions")).map((hit) => hit.versionId)).toEqual([changed.memoryVersionId]);
  });

  it("an archived store's memories are deleted (it takes no new versions); a deleted store's versions are gone", async () => {
    const [archived, dropped] = [await newStore(t.db), await newStore(t.db)];
    const secret = "archived-secret-77";
    const m = await createMemory(t.db, { storeId: archived, path: "/x.md", content: secret, actor: API_ACTOR });
    await createMemory(t.db, { storeId: dropped, path: "/y.md", content: secret, actor: API_ACTOR });
    await archiveStore(t.db, archived);
    const { erasure } = await plan(secret, [archived, dropped]);
    await deleteStore(t.db, dropped);
    const done = await execute(erasure, secret);
    expect(kinds(done.items)).toEqual(["head:gone", "head:redacted", "written:deleted"]);
    await expect(getMemory(t.db.sql, archived, m.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await found(secret, null, "versions")).toEqual([]);
  });

  it("the marker never spells the text again", async () => {
    const storeId = await newStore(t.db);
    const m = await createMemory(t.db, { storeId, path: "/m.md", content: "note x ]abab", actor: API_ACTOR });
    await expect(plan("ab]", [storeId], "replace", "[ab]")).rejects.toMatchObject({ code: "invalid_request" });
    // "]ab" next to the marker "[erased]" would spell it again: the memory is deleted instead.
    const done = await execute((await plan("]ab", [storeId], "replace", "[erased]")).erasure, "]ab");
    expect(kinds(done.items)).toEqual(["head:redacted", "written:deleted"]);
    await expect(getMemory(t.db.sql, storeId, m.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses another text, a wrong confirmation, a second execution and a stale dry run", async () => {
    const storeId = await newStore(t.db);
    const secret = "refusal-secret-1";
    await createMemory(t.db, { storeId, path: "/r.md", content: secret, actor: API_ACTOR });
    const { erasure } = await plan(secret, [storeId]);
    const attempt = (text: string, confirmation: string) =>
      executeErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, erasureId: erasure.id, text, confirmation, actor: ADMIN });
    await expect(attempt("refusal-secret-2", "erase 1 version")).rejects.toMatchObject({ code: "invalid_request" });
    await expect(attempt(secret, "erase")).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining('"erase 1 version"') });
    await expect(
      planErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, text: secret, storeIds: [storeId], action: "delete", marker: "x", actor: ADMIN }),
    ).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(
      planErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, text: secret, storeIds: [storeId], action: "shred", actor: ADMIN }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    await expect(
      planErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, text: secret, storeIds: ["memstore_nope"], action: "delete", actor: ADMIN }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await attempt(secret, "erase 1 version");
    await expect(attempt(secret, "erase 1 version")).rejects.toMatchObject({ code: "conflict" });

    await createMemory(t.db, { storeId, path: "/r2.md", content: secret, actor: API_ACTOR });
    const stale = (await plan(secret, [storeId])).erasure;
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE erasures SET created_at = ${new Date(Date.now() - 61 * 60_000)} WHERE id = ${stale.id}`);
    await expect(execute(stale, secret)).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("older than 60 minutes") });
    expect(await found(secret, [storeId], "memories")).toHaveLength(1);
  });
});
