import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();

const create = (storeId: string, path: string, content = "x") => createMemory(t.db, { storeId, path, content, actor: API_ACTOR });

describe("memory paths", () => {
  it("a path starts with '/', has 1–20 segments and no empty, '.' or '..' segment", async () => {
    const storeId = await newStore(t.db);
    const twenty = "/" + Array.from({ length: 20 }, (_, i) => `s${i}`).join("/");
    for (const bad of ["", "a.md", "/", "//a", "/a//b", "/a/", "/./a", "/a/./b", "/a/../b", "/..", twenty + "/s20"]) {
      await expect(create(storeId, bad), JSON.stringify(bad)).rejects.toMatchObject({ code: "invalid_request" });
    }
    expect((await create(storeId, twenty)).path).toBe(twenty);
    expect(await t.db.read.memoryRecord.count({ where: { storeId } })).toBe(1);
  });

  it("a path has no control or format characters, no U+2028/U+2029, and is NFC", async () => {
    const storeId = await newStore(t.db);
    for (const bad of ["/a\u0000b", "/a\nb", "/a\u007fb", "/a\u200bb", "/a\u202eb", "/a\u2028b", "/a\u2029b", "/cafe\u0301", "/\ud800"]) {
      await expect(create(storeId, bad), JSON.stringify(bad)).rejects.toMatchObject({ code: "invalid_request" });
    }
    expect((await create(storeId, "/caf\u00e9 東京 🎉.md")).path).toBe("/caf\u00e9 東京 🎉.md");
  });

  it("a path is at most 1,024 UTF-8 bytes", async () => {
    const storeId = await newStore(t.db);
    const atLimit = "/" + "é".repeat(511) + "a"; // 1 + 1022 + 1 bytes
    expect(Buffer.byteLength(atLimit)).toBe(1024);
    expect((await create(storeId, atLimit)).path).toBe(atLimit);
    await expect(create(storeId, atLimit + "b")).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("paths are case-sensitive", async () => {
    const storeId = await newStore(t.db);
    await create(storeId, "/Notes.md");
    await create(storeId, "/notes.md");
    await create(storeId, "/NOTES/todo.md");
    expect(await t.db.read.memoryRecord.count({ where: { storeId } })).toBe(3);
  });
});

describe("overlaps", () => {
  it("two live memories may not share a path", async () => {
    const storeId = await newStore(t.db);
    const first = await create(storeId, "/notes/todo.md");
    await expect(create(storeId, "/notes/todo.md")).rejects.toMatchObject({
      code: "path_conflict",
      details: { conflicting_path: "/notes/todo.md", conflicting_memory_id: first.id },
    });
  });

  it("a memory may not be an ancestor or descendant of another", async () => {
    const storeId = await newStore(t.db);
    const file = await create(storeId, "/notes");
    await expect(create(storeId, "/notes/todo.md")).rejects.toMatchObject({
      code: "path_conflict",
      details: { conflicting_path: "/notes", conflicting_memory_id: file.id },
    });
    const deep = await create(storeId, "/a/b/c.md");
    await expect(create(storeId, "/a")).rejects.toMatchObject({
      code: "path_conflict",
      details: { conflicting_path: "/a/b/c.md", conflicting_memory_id: deep.id },
    });
    await expect(create(storeId, "/a/b")).rejects.toMatchObject({ code: "path_conflict" });
    // Sharing a prefix is no overlap: `/notes.md` and `/notes-old/x` are not inside `/notes`.
    await create(storeId, "/notes.md");
    await create(storeId, "/notes-old/x");
    await create(storeId, "/a/bc");
  });

  it("a rename may not overlap another memory, and may keep its own path's folder", async () => {
    const storeId = await newStore(t.db);
    await create(storeId, "/dir/one.md");
    const other = await create(storeId, "/two.md");
    await expect(updateMemory(t.db, { storeId, memoryId: other.id, path: "/dir", actor: API_ACTOR })).rejects.toMatchObject({ code: "path_conflict" });
    await expect(updateMemory(t.db, { storeId, memoryId: other.id, path: "/dir/one.md", actor: API_ACTOR })).rejects.toMatchObject({ code: "path_conflict" });
    const moved = await updateMemory(t.db, { storeId, memoryId: other.id, path: "/dir/two.md", actor: API_ACTOR });
    expect(moved.path).toBe("/dir/two.md");
  });

  it("a deleted memory frees its path", async () => {
    const storeId = await newStore(t.db);
    const first = await create(storeId, "/x/y.md");
    await deleteMemory(t.db, { storeId, memoryId: first.id, actor: API_ACTOR });
    expect((await create(storeId, "/x")).path).toBe("/x");
  });

  it("concurrent overlapping creates never leave overlapping live paths", async () => {
    const storeId = await newStore(t.db);
    const paths = ["/race", "/race/a.md", "/race/b.md", "/race/a.md/deeper", "/race"];
    const outcomes = await Promise.allSettled(paths.map((path) => create(storeId, path)));
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    // `/race/a.md` and `/race/b.md` may both live; nothing else may live beside either of them.
    const live = (await t.db.read.memoryRecord.findMany({ where: { storeId }, orderBy: { path: "asc" } })).map((m) => m.path);
    expect(won.length).toBeGreaterThan(0);
    expect(live.length).toBe(won.length);
    for (const a of live) for (const b of live) if (a !== b) expect(b.startsWith(a + "/"), `${a} overlaps ${b}`).toBe(false);
    for (const failure of lost) expect(failure.reason).toMatchObject({ code: "path_conflict" });
  });
});
