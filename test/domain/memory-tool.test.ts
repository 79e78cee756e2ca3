import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { runMemoryTool } from "../../lib/memory/memory-tool/run-memory-tool.ts";
import { archiveStore } from "../../lib/memory/stores/archive-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();

const run = (storeId: string, input: Record<string, unknown>, options: { actor?: Actor; canWrite?: boolean } = {}) =>
  runMemoryTool(t.db, { storeId, input, actor: options.actor ?? API_ACTOR, canWrite: options.canWrite ?? true });

async function ok(storeId: string, input: Record<string, unknown>, options?: { actor?: Actor; canWrite?: boolean }) {
  const result = await run(storeId, input, options);
  expect(result.isError, result.content).toBe(false);
  return result.content;
}

/** Every memory of the store as path → content, and its versions oldest first. */
async function snapshot(storeId: string) {
  const memories = await t.db.read.memoryRecord.findMany({ where: { storeId }, orderBy: { path: "asc" } });
  const versions = (await listVersions(t.db, { storeId, withContent: false, limit: 100 })).items.reverse();
  return { files: Object.fromEntries(memories.map((m) => [m.path, m.content])), versions: versions.map((v) => `${v.operation} ${v.path}`) };
}

describe("memory tool", () => {
  it("memory tool: every path is validated first; traversal, encoding, backslashes and NUL touch nothing", async () => {
    const storeId = await newStore(t.db);
    await ok(storeId, { command: "create", path: "/memories/a/b.md", file_text: "x" });
    const before = await snapshot(storeId);
    const hostile = [
      "/memories/../x",
      "/memories/a/../../x",
      "/memories/%2e%2e/x",
      "/memories/%252e%252e/x",
      "/memories\\a",
      "/memories/a\u0000",
      "/etc/passwd",
      "/memoriesX/a",
      "/memories/a//b",
    ];
    for (const path of hostile) {
      for (const input of [
        { command: "view", path },
        { command: "create", path, file_text: "pwned" },
        { command: "str_replace", path, old_str: "x", new_str: "pwned" },
        { command: "insert", path, insert_line: 0, insert_text: "pwned" },
        { command: "delete", path },
        { command: "rename", old_path: path, new_path: "/memories/moved.md" },
        { command: "rename", old_path: "/memories/a/b.md", new_path: path },
      ]) {
        const result = await run(storeId, input);
        expect(result.isError, `${input.command} ${JSON.stringify(path)}`).toBe(true);
        expect(result.content).toMatch(/^Error: /);
      }
    }
    expect(await snapshot(storeId)).toEqual(before);
  });

  it("memory tool: create never overwrites, directories are implied, view lists and numbers lines", async () => {
    const storeId = await newStore(t.db);
    expect(await ok(storeId, { command: "create", path: "/memories/notes/todo.md", file_text: "one\ntwo\n" })).toBe(
      "File created successfully at: /memories/notes/todo.md",
    );
    expect(await run(storeId, { command: "create", path: "/memories/notes/todo.md", file_text: "again" })).toEqual({
      content: "Error: File /memories/notes/todo.md already exists",
      isError: true,
    });
    expect((await run(storeId, { command: "create", path: "/memories/notes", file_text: "x" })).isError).toBe(true);
    expect(await ok(storeId, { command: "view", path: "/memories/notes/todo.md" })).toBe(
      "Here's the content of /memories/notes/todo.md with line numbers:\n     1\tone\n     2\ttwo\n     3\t",
    );
    expect(await ok(storeId, { command: "view", path: "/memories/notes/todo.md", view_range: [2, 2] })).toBe(
      "Here's the content of /memories/notes/todo.md with line numbers:\n     2\ttwo",
    );
    expect(await ok(storeId, { command: "view", path: "/memories" })).toBe(
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n" +
        "4K\t/memories\n4K\t/memories/notes/\n8B\t/memories/notes/todo.md",
    );
    expect(await run(storeId, { command: "view", path: "/memories/missing.md" })).toEqual({
      content: "Error: The path /memories/missing.md does not exist. Please provide a valid path.",
      isError: true,
    });
  });

  it("memory tool: str_replace needs exactly one occurrence; insert checks its line", async () => {
    const storeId = await newStore(t.db);
    await ok(storeId, { command: "create", path: "/memories/f.md", file_text: "alpha\nbeta\nbeta\n" });
    expect((await run(storeId, { command: "str_replace", path: "/memories/f.md", old_str: "beta", new_str: "B" })).content).toBe(
      "Error: No replacement was performed. Multiple occurrences of old_str `beta` in lines: 2, 3. Please ensure it is unique",
    );
    expect((await run(storeId, { command: "str_replace", path: "/memories/f.md", old_str: "gamma", new_str: "G" })).content).toBe(
      "Error: No replacement was performed, old_str `gamma` did not appear verbatim in /memories/f.md.",
    );
    expect(await ok(storeId, { command: "str_replace", path: "/memories/f.md", old_str: "alpha", new_str: "A" })).toBe(
      "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\tA\n     2\tbeta\n     3\tbeta",
    );
    expect((await run(storeId, { command: "insert", path: "/memories/f.md", insert_line: 9, insert_text: "x" })).content).toBe(
      "Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 4]",
    );
    expect(await ok(storeId, { command: "insert", path: "/memories/f.md", insert_line: 0, insert_text: "top\n" })).toBe(
      "The file /memories/f.md has been edited.",
    );
    expect((await snapshot(storeId)).files).toEqual({ "/f.md": "top\nA\nbeta\nbeta\n" });
    expect((await snapshot(storeId)).versions).toEqual(["created /f.md", "modified /f.md", "modified /f.md"]);
  });

  it("memory tool: delete and rename of a directory write one version per memory, in one transaction", async () => {
    const storeId = await newStore(t.db);
    for (const name of ["a", "b", "c"]) await ok(storeId, { command: "create", path: `/memories/dir/${name}.md`, file_text: name });
    await ok(storeId, { command: "create", path: "/memories/taken.md", file_text: "t" });
    expect((await run(storeId, { command: "rename", old_path: "/memories/dir", new_path: "/memories/taken.md" })).content).toBe(
      "Error: The destination /memories/taken.md already exists",
    );
    expect((await run(storeId, { command: "rename", old_path: "/memories/dir", new_path: "/memories/dir/inner" })).isError).toBe(true);
    expect(await ok(storeId, { command: "rename", old_path: "/memories/dir", new_path: "/memories/moved" })).toBe(
      "Successfully renamed /memories/dir to /memories/moved",
    );
    expect(await ok(storeId, { command: "delete", path: "/memories/moved" })).toBe("Successfully deleted /memories/moved");
    expect((await run(storeId, { command: "delete", path: "/memories" })).content).toBe("Error: Cannot delete the /memories directory itself");
    const { files, versions } = await snapshot(storeId);
    expect(files).toEqual({ "/taken.md": "t" });
    expect(versions.slice(4)).toEqual([
      "modified /moved/a.md",
      "modified /moved/b.md",
      "modified /moved/c.md",
      "deleted /moved/a.md",
      "deleted /moved/b.md",
      "deleted /moved/c.md",
    ]);
  });

  it("memory tool: a directory rename that fails part-way changes nothing", async () => {
    const storeId = await newStore(t.db);
    // Moved in path order: /dir/a.md fits at the destination, the long one passes 1,024 bytes there.
    const long = "l".repeat(1000);
    await ok(storeId, { command: "create", path: "/memories/dir/a.md", file_text: "a" });
    await ok(storeId, { command: "create", path: `/memories/dir/${long}`, file_text: "l" });
    const before = await snapshot(storeId);
    const result = await run(storeId, { command: "rename", old_path: "/memories/dir", new_path: `/memories/${"d".repeat(30)}` });
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining("1024 bytes") });
    expect(await snapshot(storeId)).toEqual(before);
  });

  it("memory tool: read-only callers may view but not write; an archived store refuses every write", async () => {
    const storeId = await newStore(t.db);
    await ok(storeId, { command: "create", path: "/memories/f.md", file_text: "x" });
    expect(await ok(storeId, { command: "view", path: "/memories/f.md" }, { canWrite: false })).toContain("1\tx");
    const readOnly = await run(storeId, { command: "delete", path: "/memories/f.md" }, { canWrite: false });
    expect(readOnly).toMatchObject({ isError: true, content: expect.stringContaining("Permission denied") });
    await archiveStore(t.db, storeId);
    for (const input of [
      { command: "create", path: "/memories/g.md", file_text: "y" },
      { command: "delete", path: "/memories/f.md" },
    ]) {
      expect(await run(storeId, input)).toMatchObject({ isError: true, content: expect.stringContaining("archived") });
    }
    expect(await ok(storeId, { command: "view", path: "/memories/f.md" })).toContain("1\tx");
    expect((await snapshot(storeId)).versions).toEqual(["created /f.md"]);
  });

  it("memory tool: writes are attributed to the session actor", async () => {
    const storeId = await newStore(t.db);
    const actor: Actor = { type: "session_actor", session_id: "sess_tool", api_key_id: "apikey_tool" };
    await ok(storeId, { command: "create", path: "/memories/s.md", file_text: "x" }, { actor });
    const [version] = (await listVersions(t.db, { storeId, withContent: false, limit: 1 })).items;
    expect(version).toMatchObject({ createdByType: "session_actor", createdById: "sess_tool", apiKeyId: "apikey_tool" });
  });

  it("memory tool: a malformed or unknown command is an error result; an unknown store is an error", async () => {
    const storeId = await newStore(t.db);
    expect(await run(storeId, { command: "explode" })).toEqual({ content: "Error: explode not implemented", isError: true });
    expect(await run(storeId, { command: "create", path: "/memories/x.md" })).toEqual({
      content: "Error: Invalid create command: file_text is required (string).",
      isError: true,
    });
    await expect(run("memstore_missing", { command: "view", path: "/memories" })).rejects.toMatchObject({ code: "not_found" });
  });
});
