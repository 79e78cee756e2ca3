import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { callTool, newStore, referenceTool, storeContents, type ToolInput } from "./helpers.ts";

/**
 * Where the endpoint deliberately answers differently from BetaLocalFilesystemMemoryTool, each
 * with what the reference does, so a change on either side shows up here.
 */
let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

async function both(steps: ToolInput[]) {
  const reference = await referenceTool();
  const storeId = await newStore(server, "differences");
  const ours = [];
  const theirs = [];
  try {
    for (const step of steps) {
      theirs.push(await reference.run(step));
      ours.push(await callTool(server, storeId, step));
    }
  } finally {
    reference.dispose();
  }
  return { ours, theirs, storeId };
}

describe("deliberate differences from BetaLocalFilesystemMemoryTool", () => {
  it("str_replace finds a multi-line old_str (the reference compares line by line and never does)", async () => {
    const { ours, theirs, storeId } = await both([
      { command: "create", path: "/memories/a.md", file_text: "one\ntwo\nthree\n" },
      { command: "str_replace", path: "/memories/a.md", old_str: "one\ntwo", new_str: "1\n2" },
    ]);
    expect(theirs[1]).toEqual({
      content: "Error: No replacement was performed, old_str `one\ntwo` did not appear verbatim in /memories/a.md.",
      is_error: true,
    });
    expect(ours[1]).toEqual({
      content: "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\t1\n     2\t2\n     3\tthree",
      is_error: false,
    });
    expect((await storeContents(server, storeId))["/a.md"]).toBe("1\n2\nthree\n");
  });

  it("str_replace refuses two occurrences on one line (the reference replaces the first)", async () => {
    const { ours, theirs } = await both([
      { command: "create", path: "/memories/a.md", file_text: "a-a\nb\n" },
      { command: "str_replace", path: "/memories/a.md", old_str: "a", new_str: "x" },
    ]);
    expect(theirs[1]!.is_error).toBe(false);
    expect(ours[1]).toEqual({
      content: "Error: No replacement was performed. Multiple occurrences of old_str `a` in lines: 1. Please ensure it is unique",
      is_error: true,
    });
  });

  it("str_replace without new_str removes old_str (the reference writes the text 'undefined')", async () => {
    const { ours, theirs, storeId } = await both([
      { command: "create", path: "/memories/a.md", file_text: "keep drop keep" },
      { command: "str_replace", path: "/memories/a.md", old_str: " drop" },
      { command: "view", path: "/memories/a.md" },
    ]);
    expect(theirs[2]!.content).toContain("keepundefined keep");
    expect(ours[1]!.is_error).toBe(false);
    expect((await storeContents(server, storeId))["/a.md"]).toBe("keep keep");
  });

  it("a directory exists only while a memory lies below it (the reference keeps emptied directories)", async () => {
    const { ours, theirs } = await both([
      { command: "create", path: "/memories/dir/a.md", file_text: "a" },
      { command: "delete", path: "/memories/dir/a.md" },
      { command: "view", path: "/memories/dir" },
    ]);
    expect(theirs[2]!.is_error).toBe(false);
    expect(ours[2]).toEqual({ content: "Error: The path /memories/dir does not exist. Please provide a valid path.", is_error: true });
  });

  it("shows every directory as 4K (a store has no directory inodes)", async () => {
    const storeId = await newStore(server);
    await callTool(server, storeId, { command: "create", path: "/memories/d/e/f.md", file_text: "x".repeat(3000) });
    expect((await callTool(server, storeId, { command: "view", path: "/memories" })).content).toBe(
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n4K\t/memories\n4K\t/memories/d/\n4K\t/memories/d/e/",
    );
    expect((await callTool(server, storeId, { command: "view", path: "/memories/d" })).content).toBe(
      "Here're the files and directories up to 2 levels deep in /memories/d, excluding hidden items and node_modules:\n4K\t/memories/d\n4K\t/memories/d/e/\n2.9K\t/memories/d/e/f.md",
    );
  });

  it("names the file in the way instead of a raw filesystem error", async () => {
    const { ours, theirs } = await both([
      { command: "create", path: "/memories/a.md", file_text: "a" },
      { command: "create", path: "/memories/dir/b.md", file_text: "b" },
      { command: "create", path: "/memories/a.md/inside.md", file_text: "x" },
      { command: "rename", old_path: "/memories/dir", new_path: "/memories/a.md/dir" },
      { command: "rename", old_path: "/memories/dir", new_path: "/memories/dir/sub" },
      { command: "rename", old_path: "/memories/a.md", new_path: "/memories/a.md/self" },
    ]);
    for (const result of theirs.slice(2)) expect(result.content).toMatch(/^Error: E[A-Z]+: /);
    expect(ours.slice(2)).toEqual([
      { content: "Error: Cannot create /memories/a.md/inside.md: /memories/a.md is a file, not a directory", is_error: true },
      { content: "Error: Cannot rename /memories/dir to /memories/a.md/dir: /memories/a.md is a file, not a directory", is_error: true },
      { content: "Error: Cannot rename /memories/dir to /memories/dir/sub: a directory cannot be moved inside itself", is_error: true },
      { content: "Error: Cannot rename /memories/a.md to /memories/a.md/self: /memories/a.md is a file, not a directory", is_error: true },
    ]);
  });

  it("applies the store's content rules: at most 100 kB of text without NUL", async () => {
    const { ours, theirs } = await both([
      { command: "create", path: "/memories/big.md", file_text: "x".repeat(102_401) },
      { command: "create", path: "/memories/nul.md", file_text: "a\u0000b" },
      { command: "create", path: "/memories/ok.md", file_text: "x".repeat(102_399) },
      { command: "insert", path: "/memories/ok.md", insert_line: 1, insert_text: "yy" },
      { command: "str_replace", path: "/memories/ok.md", old_str: "xx", new_str: "xxx" },
    ]);
    expect(theirs.map((r) => r.is_error)).toEqual([false, false, false, false, false]);
    expect(ours).toEqual([
      { content: "Error: Content of /memories/big.md: is 102401 bytes; a memory holds at most 102400 bytes (100 kB).", is_error: true },
      { content: "Error: Content of /memories/nul.md: must not contain NUL (U+0000) characters.", is_error: true },
      { content: "File created successfully at: /memories/ok.md", is_error: false },
      { content: "Error: Content of /memories/ok.md: is 102402 bytes; a memory holds at most 102400 bytes (100 kB).", is_error: true },
      expect.objectContaining({ is_error: true }),
    ]);
  });

  it("refuses paths the reference quietly normalises", async () => {
    const { ours, theirs } = await both([
      { command: "create", path: "/memories/a/./b.md", file_text: "x" },
      { command: "create", path: "/memories//c.md", file_text: "x" },
      { command: "create", path: "/memories/d/../e.md", file_text: "x" },
      { command: "create", path: "/memoriesX/f.md", file_text: "x" },
      { command: "create", path: "/memories/%2e%2e/g.md", file_text: "x" },
      { command: "create", path: "/memories/h\\i.md", file_text: "x" },
    ]);
    expect(theirs.every((r) => !r.is_error)).toBe(true);
    expect(ours.every((r) => r.is_error)).toBe(true);
  });
});
