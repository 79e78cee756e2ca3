import { describe, expect, it } from "vitest";
import { raw } from "../../lib/memory/db.ts";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { LIMITS } from "../../lib/memory/limits.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { insertMemories } from "../../lib/memory/memories/mutations.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { copyStore } from "../../lib/memory/store-copies/copy-store.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { predecessorProblems } from "../helpers/invariants.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Store copies (issue 43, part 4) on lib/memory: a new store holding the source's live memories,
 * each with one `created` version marked as copied from the source, none of its history.
 */
const t = useFreshDatabase();
const put = (storeId: string, path: string, content = `note ${path}`) => createMemory(t.db, { storeId, path, content, actor: API_ACTOR });
const versionsOf = (storeId: string) =>
  t.db.sql.$queryRaw<{ memory_id: string; operation: string; path: string; content: string; imported: string | null; imported_from: string | null }[]>`
    SELECT memory_id, operation, path, content, imported, imported_from FROM memory_versions WHERE store_id = ${storeId} ORDER BY path`;
const pathsOf = async (storeId: string) =>
  (await t.db.sql.$queryRaw<{ path: string }[]>`SELECT path FROM memories WHERE store_id = ${storeId} ORDER BY path`).map((r) => r.path);

describe(`store copies on ${ENGINE}`, () => {
  it("copies the live memories, not their history: one created version each, marked as copied from the source", async () => {
    const source = await newStore(t.db);
    const a = await put(source, "/a.md", "first a");
    await updateMemory(t.db, { storeId: source, memoryId: a.id, content: "second a", actor: API_ACTOR });
    const gone = await put(source, "/gone.md");
    await deleteMemory(t.db, { storeId: source, memoryId: gone.id, actor: API_ACTOR });
    await put(source, "/notes/b.md", "b");
    const user = { type: "user_actor", user_id: "user_copier" } as const;
    const copy = await copyStore(t.db, {
      sourceStoreId: source,
      name: "copy",
      metadata: { team: "x" },
      actor: user,
      workspaceId: DEFAULT_WORKSPACE_ID,
    });
    // The counters the write path keeps: two memories, "second a" and "b" (9 bytes).
    expect(copy).toMatchObject({ name: "copy", memoryCount: 2, contentBytes: 9, workspaceId: DEFAULT_WORKSPACE_ID });
    expect(JSON.parse(copy.metadata)).toEqual({ team: "x" });
    const versions = await versionsOf(copy.id);
    expect(versions.map((v) => [v.path, v.operation, v.content])).toEqual([
      ["/a.md", "created", "second a"],
      ["/notes/b.md", "created", "b"],
    ]);
    for (const v of versions) {
      expect(v.imported_from).toBe(`store_copy:${source}`);
      expect(JSON.parse(v.imported!)).toMatchObject({
        source: "store_copy",
        copied_from_memory_store_id: source,
        imported_by: user,
        attribution: "importer",
        import_id: expect.stringMatching(/^stcopy_/),
      });
    }
    // The source is untouched, and the copy's history chain verifies.
    expect(await pathsOf(source)).toEqual(["/a.md", "/notes/b.md"]);
    expect(await verifyStoreChain(t.db, copy.id)).toMatchObject({ status: "verified" });
    expect(await predecessorProblems((query) => t.db.sql.$queryRaw(raw(query)))).toEqual([]);
    // The act is in the audit log.
    const [event] = await t.db.sql.$queryRaw<{ details: string; actor_id: string }[]>`
      SELECT details, actor_id FROM audit_events WHERE action = 'memory_store.copied' AND target_id = ${copy.id}`;
    expect(JSON.parse(event!.details)).toMatchObject({ source_memory_store_id: source, memories: 2 });
  });

  it("path_prefix copies only that folder, paths unchanged", async () => {
    const source = await newStore(t.db);
    for (const path of ["/onboarding/a.md", "/onboarding/deep/b.md", "/onboarding-not/c.md", "/other.md"]) await put(source, path);
    const copy = await copyStore(t.db, {
      sourceStoreId: source,
      name: "prefix copy",
      pathPrefix: "/onboarding/",
      actor: API_ACTOR,
      workspaceId: DEFAULT_WORKSPACE_ID,
    });
    expect(await pathsOf(copy.id)).toEqual(["/onboarding/a.md", "/onboarding/deep/b.md"]);
    await expect(
      copyStore(t.db, { sourceStoreId: source, name: "bad prefix", pathPrefix: "onboarding", actor: API_ACTOR, workspaceId: DEFAULT_WORKSPACE_ID }),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("a source in another workspace is not found, exactly as one that does not exist, and nothing is made", async () => {
    const other = "wrkspc_01STORECOPYOTHERWORKSPACE0";
    await t.db.sqlTransaction(
      (tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, display_color, created_at) VALUES (${other}, ${"Other"}, ${"#0ea5e9"}, ${new Date()})`,
    );
    const source = await newStore(t.db);
    await put(source, "/secret.md");
    const before = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_stores`;
    const attempt = copyStore(t.db, { sourceStoreId: source, name: "stolen", actor: API_ACTOR, workspaceId: other });
    await expect(attempt).rejects.toMatchObject({ code: "not_found", message: `Memory store ${source} not found.` });
    const after = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_stores`;
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it("a store at the 10,000-memory limit copies whole", async () => {
    const source = await newStore(t.db);
    const all = Array.from({ length: LIMITS.memoriesPerStore }, (_, i) => ({ path: `/n/${String(i).padStart(5, "0")}.md`, content: `note ${i}` }));
    for (let i = 0; i < all.length; i += 1000) {
      await t.db.sqlTransaction(async (tx) => {
        await lockStore(tx, source);
        await insertMemories(tx, source, all.slice(i, i + 1000), API_ACTOR);
      });
    }
    const started = performance.now();
    const copy = await copyStore(t.db, { sourceStoreId: source, name: "full copy", actor: API_ACTOR, workspaceId: DEFAULT_WORKSPACE_ID });
    const ms = performance.now() - started;
    expect(copy.memoryCount).toBe(LIMITS.memoriesPerStore);
    const [counts] = await t.db.sql.$queryRaw<{ memories: number | bigint; versions: number | bigint }[]>`
      SELECT (SELECT count(*) FROM memories WHERE store_id = ${copy.id}) AS memories,
             (SELECT count(*) FROM memory_versions WHERE store_id = ${copy.id}) AS versions`;
    expect({ memories: Number(counts!.memories), versions: Number(counts!.versions) }).toEqual({ memories: 10_000, versions: 10_000 });
    // The copy is full like its source: one more create is refused.
    await expect(put(copy.id, "/one-too-many.md")).rejects.toMatchObject({ code: "invalid_request" });
    expect(await verifyStoreChain(t.db, copy.id)).toMatchObject({ status: "verified" });
    console.log(`copy of 10,000 memories on ${ENGINE}: ${Math.round(ms)} ms`);
  });
});
