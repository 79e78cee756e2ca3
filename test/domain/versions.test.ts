import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import type { MemoryVersion } from "../../lib/memory/db.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { setReviewPolicy } from "../../lib/memory/review/settings.ts";
import { getVersion } from "../../lib/memory/versions/get-version.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { pruneVersions } from "../../lib/memory/versions/prune-versions.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const versionsOf = async (storeId: string, filters: { memoryId?: string; apiKeyId?: string; sessionId?: string } = {}) =>
  (await listVersions(t.db, { storeId, ...filters, withContent: true, limit: 100 })).items as MemoryVersion[];

describe("versions", () => {
  it("create, modify and delete each write exactly one version; a no-op update writes none", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/v.md", content: "one", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "two", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, path: "/moved.md", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "three", path: "/v.md", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "three", path: "/v.md", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    const versions = await versionsOf(storeId);
    // Newest first.
    expect(versions.map((v) => [v.operation, v.path, v.content])).toEqual([
      ["deleted", "/v.md", null],
      ["modified", "/v.md", "three"],
      ["modified", "/moved.md", "two"],
      ["modified", "/v.md", "two"],
      ["created", "/v.md", "one"],
    ]);
  });

  it("a version keeps path, content, sha and size (null on deleted)", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/k.md", content: "kept é", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    const [deleted, created] = await versionsOf(storeId);
    expect(created).toMatchObject({ path: "/k.md", content: "kept é", contentSha256: sha("kept é"), contentSizeBytes: 7 });
    expect(deleted).toMatchObject({ operation: "deleted", path: "/k.md", content: null, contentSha256: null, contentSizeBytes: null });
  });

  it("created_by records each kind of actor", async () => {
    const storeId = await newStore(t.db);
    const actors: Actor[] = [
      API_ACTOR,
      { type: "user_actor", user_id: "user_domain" },
      { type: "session_actor", session_id: "sess_domain", api_key_id: "apikey_behind_session" },
      { type: "service_account_actor", service_account_id: "svc_domain" },
    ];
    for (const [i, actor] of actors.entries()) await createMemory(t.db, { storeId, path: `/${i}.md`, content: "x", actor });
    const recorded = (await versionsOf(storeId)).reverse().map((v) => [v.createdByType, v.createdById, v.apiKeyId]);
    expect(recorded).toEqual([
      ["api_actor", "apikey_domaintest", "apikey_domaintest"],
      ["user_actor", "user_domain", null],
      ["session_actor", "sess_domain", "apikey_behind_session"],
      ["service_account_actor", "svc_domain", null],
    ]);
    // A key's writes include those it attributed to a session.
    expect((await versionsOf(storeId, { apiKeyId: "apikey_behind_session" })).map((v) => v.path)).toEqual(["/2.md"]);
    expect((await versionsOf(storeId, { sessionId: "sess_domain" })).map((v) => v.path)).toEqual(["/2.md"]);
  });

  it("memory_version_id is the newest version and content_sha256 the hash of content", async () => {
    const storeId = await newStore(t.db);
    let memory = await createMemory(t.db, { storeId, path: "/h.md", content: "a", actor: API_ACTOR });
    for (const content of ["b", "c", "ĉ"]) {
      memory = await updateMemory(t.db, { storeId, memoryId: memory.id, content, actor: API_ACTOR });
      const stored = await getMemory(t.db.sql, storeId, memory.id);
      const [newest] = await versionsOf(storeId, { memoryId: memory.id });
      expect(stored.memoryVersionId).toBe(newest!.id);
      expect(stored.contentSha256).toBe(sha(stored.content));
      expect(newest!.content).toBe(stored.content);
    }
  });

  it("path_prefix lists the versions whose path starts with it, taken literally (no LIKE wildcards)", async () => {
    const storeId = await newStore(t.db);
    const a = await createMemory(t.db, { storeId, path: "/notes/a.md", content: "a", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/notes_b.md", content: "b", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/n%tes/c.md", content: "c", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/😀/d.md", content: "d", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: a.id, path: "/other/a.md", actor: API_ACTOR });
    const paths = async (pathPrefix: string) => (await listVersions(t.db, { storeId, pathPrefix, withContent: false, limit: 100 })).items.map((v) => v.path);
    expect(await paths("/notes/")).toEqual(["/notes/a.md"]);
    expect(await paths("/notes")).toEqual(["/notes_b.md", "/notes/a.md"]);
    expect(await paths("/n%")).toEqual(["/n%tes/c.md"]);
    expect(await paths("/n_tes")).toEqual([]);
    expect(await paths("/😀/")).toEqual(["/😀/d.md"]);
    expect(await paths("/other")).toEqual(["/other/a.md"]);
  });

  it("versions outlive their memory", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/o.md", content: "x", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    expect((await getVersion(t.db.read, storeId, memory.memoryVersionId)).content).toBe("x");
    expect(await versionsOf(storeId, { memoryId: memory.id })).toHaveLength(2);
  });

  it("a failed write leaves neither memory nor version", async () => {
    const storeId = await newStore(t.db);
    const first = await createMemory(t.db, { storeId, path: "/a/b.md", content: "x", actor: API_ACTOR });
    await expect(createMemory(t.db, { storeId, path: "/a", content: "y", actor: API_ACTOR })).rejects.toMatchObject({ code: "path_conflict" });
    const other = await createMemory(t.db, { storeId, path: "/c.md", content: "z", actor: API_ACTOR });
    await expect(updateMemory(t.db, { storeId, memoryId: other.id, path: "/a/b.md", actor: API_ACTOR })).rejects.toMatchObject({ code: "path_conflict" });
    expect((await versionsOf(storeId)).map((v) => v.memoryId).sort()).toEqual([first.id, other.id].sort());
    expect(await t.db.read.memoryRecord.count({ where: { storeId } })).toBe(2);
  });
});

describe("redaction", () => {
  it("redacting the head version of a live memory is refused", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/r.md", content: "secret", actor: API_ACTOR });
    await expect(redactVersion(t.db, { storeId, versionId: memory.memoryVersionId, actor: API_ACTOR })).rejects.toMatchObject({ code: "conflict" });
    expect((await getVersion(t.db.read, storeId, memory.memoryVersionId)).content).toBe("secret");
  });

  it("redact nulls content, path, sha and size, records who and when, keeps created_by", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/r.md", content: "secret", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "public", actor: API_ACTOR });
    const redactor: Actor = { type: "user_actor", user_id: "user_reviewer" };
    await redactVersion(t.db, { storeId, versionId: memory.memoryVersionId, actor: redactor });
    const again = await redactVersion(t.db, { storeId, versionId: memory.memoryVersionId, actor: API_ACTOR });
    const version = await getVersion(t.db.read, storeId, memory.memoryVersionId);
    expect(version).toMatchObject({ content: null, path: null, contentSha256: null, contentSizeBytes: null });
    expect(version).toMatchObject({
      redactedByType: "user_actor",
      redactedById: "user_reviewer",
      createdByType: "api_actor",
      createdById: "apikey_domaintest",
    });
    expect(version.redactedAt).toBeInstanceOf(Date);
    // Redacting twice keeps the first record.
    expect(again.redactedById).toBe("user_reviewer");
    expect((await getMemory(t.db.sql, storeId, memory.id)).content).toBe("public");
  });

  it("every version of a deleted memory may be redacted", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/r.md", content: "secret", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    for (const version of await versionsOf(storeId)) await redactVersion(t.db, { storeId, versionId: version.id, actor: API_ACTOR });
    expect((await versionsOf(storeId)).every((v) => v.redactedAt !== null && v.content === null)).toBe(true);
  });
});

describe("retention", () => {
  it("pruning removes old versions except the head version of live memories", async () => {
    const storeId = await newStore(t.db);
    // Nothing awaits review here (review.test.ts covers what retention keeps for open reviews).
    await setReviewPolicy(t.db, storeId, "nobody");
    const live = await createMemory(t.db, { storeId, path: "/live.md", content: "1", actor: API_ACTOR });
    const head = await updateMemory(t.db, { storeId, memoryId: live.id, content: "2", actor: API_ACTOR });
    const gone = await createMemory(t.db, { storeId, path: "/gone.md", content: "x", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: gone.id, actor: API_ACTOR });
    expect((await pruneVersions(t.db, { retentionDays: 30 })).deleted).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    await pruneVersions(t.db, { retentionDays: 30, now: later });
    expect((await versionsOf(storeId)).map((v) => v.id)).toEqual([head.memoryVersionId]);
    expect((await getMemory(t.db.sql, storeId, live.id)).content).toBe("2");
  });
});
