import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../lib/memory/limits.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { listMemories } from "../../lib/memory/memories/list-memories.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();
const sha = (text: string) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
const versionCount = async (storeId: string) => (await listVersions(t.db, { storeId, withContent: false, limit: 100 })).items.length;

describe("content", () => {
  it("content is UTF-8 text of at most 102,400 bytes, NUL refused", async () => {
    const storeId = await newStore(t.db);
    const atLimit = "é".repeat(51_200);
    expect((await createMemory(t.db, { storeId, path: "/full.md", content: atLimit, actor: API_ACTOR })).contentSizeBytes).toBe(102_400);
    for (const bad of [atLimit + "x", "a\u0000b", "\ud800", 42]) {
      await expect(createMemory(t.db, { storeId, path: "/bad.md", content: bad, actor: API_ACTOR })).rejects.toMatchObject({ code: "invalid_request" });
    }
  });

  it("content_sha256 is the lowercase hex SHA-256 of the UTF-8 bytes, unnormalised; size counts bytes", async () => {
    const storeId = await newStore(t.db);
    const decomposed = "cafe\u0301 🎉\r\n"; // NFD and CRLF: stored and hashed exactly as given
    const memory = await createMemory(t.db, { storeId, path: "/hash.md", content: decomposed, actor: API_ACTOR });
    expect(memory.contentSha256).toBe(sha(decomposed));
    expect(memory.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(memory.contentSizeBytes).toBe(Buffer.byteLength(decomposed, "utf8"));
    const read = await getMemory(t.db.sql, storeId, memory.id);
    expect(read.content).toBe(decomposed);
    expect(read.contentSha256).toBe(sha(decomposed));
  });

  it("view basic lists without content, sha and size still set", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/v.md", content: "hello", actor: API_ACTOR });
    const [basic] = (await listMemories(t.db, { storeId, prefix: "/", depth: 0, withContent: false, limit: 10 })).items;
    const [full] = (await listMemories(t.db, { storeId, prefix: "/", depth: 0, withContent: true, limit: 10 })).items;
    expect(basic).toMatchObject({ kind: "memory", memory: { contentSha256: sha("hello"), contentSizeBytes: 5 } });
    expect(basic?.kind === "memory" && "content" in basic.memory).toBe(false);
    expect(full).toMatchObject({ kind: "memory", memory: { content: "hello" } });
  });
});

describe("lists", () => {
  it("memory lists are in path order, page without gaps, and roll deeper paths into folders at depth 1", async () => {
    const storeId = await newStore(t.db);
    const paths = ["/b.md", "/a/2.md", "/a/1.md", "/c/d/e.md", "/A.md"];
    for (const path of paths) await createMemory(t.db, { storeId, path, content: path, actor: API_ACTOR });
    const walk = async (depth: 0 | 1) => {
      const seen: string[] = [];
      let from: string | undefined;
      do {
        const page = await listMemories(t.db, { storeId, prefix: "/", depth, withContent: false, limit: 2, from });
        seen.push(...page.items.map((item) => (item.kind === "memory" ? item.memory.path : item.path)));
        from = page.nextFrom ?? undefined;
      } while (from);
      return seen;
    };
    expect(await walk(0)).toEqual(["/A.md", "/a/1.md", "/a/2.md", "/b.md", "/c/d/e.md"]);
    expect(await walk(1)).toEqual(["/A.md", "/a/", "/b.md", "/c/"]);
  });
});

describe("store limit", () => {
  it("a store holds at most 10,000 memories; the rest keeps working", async () => {
    const storeId = await newStore(t.db);
    // 9,999 real memories: one through the domain, then 9,998 copies of it and its version (one
    // statement each, numbered by a recursive CTE: seconds where 9,998 domain calls take minutes).
    const seed = await createMemory(t.db, { storeId, path: "/seed.md", content: "seed", actor: API_ACTOR });
    const copies = LIMITS.memoriesPerStore - 2;
    await t.db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${copies})
        INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, api_key_id, created_at)
        SELECT v.id || '_' || n.i, v.store_id, v.memory_id || '_' || n.i, v.operation, v.path || '_' || n.i, v.content, v.content_sha256,
               v.content_size_bytes, v.created_by_type, v.created_by_id, v.api_key_id, v.created_at
        FROM memory_versions v CROSS JOIN n WHERE v.id = ${seed.memoryVersionId}`;
      await tx.$executeRaw`
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${copies})
        INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
        SELECT m.id || '_' || n.i, m.store_id, m.path || '_' || n.i, m.content, m.content_sha256, m.content_size_bytes,
               m.memory_version_id || '_' || n.i, m.created_at, m.updated_at
        FROM memories m CROSS JOIN n WHERE m.id = ${seed.id}`;
      await tx.$executeRaw`UPDATE memory_stores SET memory_count = memory_count + ${copies} WHERE id = ${storeId}`;
    });
    const last = await createMemory(t.db, { storeId, path: "/last.md", content: "10,000th", actor: API_ACTOR });
    expect((await getStore(t.db.read, storeId)).memoryCount).toBe(10_000);
    await expect(createMemory(t.db, { storeId, path: "/one-too-many.md", content: "x", actor: API_ACTOR })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("at most 10,000"),
    });
    // Updates and deletes still work, and a delete makes room again.
    await updateMemory(t.db, { storeId, memoryId: last.id, content: "changed", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: last.id, actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/room-again.md", content: "x", actor: API_ACTOR });
    expect(await t.db.read.memoryRecord.count({ where: { storeId } })).toBe(10_000);
  });
});

describe("preconditions", () => {
  it("update with a matching content_sha256 precondition applies", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/p.md", content: "v1", actor: API_ACTOR });
    const precondition = { type: "content_sha256", content_sha256: sha("v1") };
    expect((await updateMemory(t.db, { storeId, memoryId: memory.id, content: "v2", precondition, actor: API_ACTOR })).content).toBe("v2");
  });

  it("update with a stale precondition fails and changes nothing", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/p.md", content: "v1", actor: API_ACTOR });
    const stale = { type: "content_sha256", content_sha256: sha("v0") };
    await expect(updateMemory(t.db, { storeId, memoryId: memory.id, content: "v2", precondition: stale, actor: API_ACTOR })).rejects.toMatchObject({
      code: "precondition_failed",
    });
    await expect(updateMemory(t.db, { storeId, memoryId: memory.id, path: "/q.md", precondition: stale, actor: API_ACTOR })).rejects.toMatchObject({
      code: "precondition_failed",
    });
    expect(await getMemory(t.db.sql, storeId, memory.id)).toMatchObject({ content: "v1", path: "/p.md" });
    expect(await versionCount(storeId)).toBe(1);
  });

  it("a stale precondition is no failure when content and path already equal the request", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/p.md", content: "v1", actor: API_ACTOR });
    const stale = { type: "content_sha256", content_sha256: sha("v0") };
    const same = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "v1", path: "/p.md", precondition: stale, actor: API_ACTOR });
    expect(same.memoryVersionId).toBe(memory.memoryVersionId);
    expect(await versionCount(storeId)).toBe(1);
  });

  it("malformed preconditions are invalid requests", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/p.md", content: "v1", actor: API_ACTOR });
    for (const precondition of [{ type: "etag", content_sha256: sha("v1") }, { type: "content_sha256", content_sha256: sha("v1").toUpperCase() }, "x"]) {
      await expect(updateMemory(t.db, { storeId, memoryId: memory.id, content: "v2", precondition, actor: API_ACTOR })).rejects.toMatchObject({
        code: "invalid_request",
      });
    }
    await expect(deleteMemory(t.db, { storeId, memoryId: memory.id, expectedContentSha256: "abc", actor: API_ACTOR })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });

  it("delete with expected_content_sha256 applies only if it matches", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/d.md", content: "v1", actor: API_ACTOR });
    await expect(deleteMemory(t.db, { storeId, memoryId: memory.id, expectedContentSha256: sha("other"), actor: API_ACTOR })).rejects.toMatchObject({
      code: "precondition_failed",
    });
    expect((await getMemory(t.db.sql, storeId, memory.id)).content).toBe("v1");
    await deleteMemory(t.db, { storeId, memoryId: memory.id, expectedContentSha256: sha("v1"), actor: API_ACTOR });
    await expect(getMemory(t.db.sql, storeId, memory.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
