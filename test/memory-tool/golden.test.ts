import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { callTool, maskDirectorySizes, newStore, referenceTool, type ToolInput } from "./helpers.ts";

/**
 * Golden tests: each sequence of commands runs against the SDK's BetaLocalFilesystemMemoryTool
 * (a temp folder, through the SDK's own tool-runner step) and against the endpoint on a fresh
 * store; every result must be identical in content and is_error, directory sizes excepted.
 * Sequences avoid what a store cannot mirror by design (an emptied directory outliving its
 * last file); those differences are pinned in differences.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const view = (path: string, view_range?: number[]): ToolInput => (view_range ? { command: "view", path, view_range } : { command: "view", path });
const create = (path: string, file_text: string): ToolInput => ({ command: "create", path, file_text });
const strReplace = (path: string, old_str: string, new_str: string): ToolInput => ({ command: "str_replace", path, old_str, new_str });
const insert = (path: string, insert_line: number, insert_text: string): ToolInput => ({ command: "insert", path, insert_line, insert_text });
const del = (path: string): ToolInput => ({ command: "delete", path });
const rename = (old_path: string, new_path: string): ToolInput => ({ command: "rename", old_path, new_path });

const LINES = "alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\n";

const sequences: Record<string, ToolInput[]> = {
  // What the SDK's betaMemoryTool itself answers for a command it has no handler for.
  "unknown commands": [{ command: "explode" }, { command: "list", path: "/memories" }, { command: "VIEW", path: "/memories" }],
  "view of the empty root, create, view, create again": [
    view("/memories"),
    view("/memories/"),
    create("/memories/notes.md", "Meeting notes:\n- timeline\n- next steps\n"),
    create("/memories/notes.md", "again"),
    create("/memories", "the root"),
    view("/memories/notes.md"),
    view("/memories/notes.md/"),
    view("/memories"),
    view("/memories/missing.md"),
    view("/memories/missing/"),
  ],
  "view ranges": [
    create("/memories/lines.txt", LINES),
    view("/memories/lines.txt", [2, 4]),
    view("/memories/lines.txt", [3, -1]),
    view("/memories/lines.txt", [0, 2]),
    view("/memories/lines.txt", [-5, 1]),
    view("/memories/lines.txt", [6, 100]),
    view("/memories/lines.txt", [5, 2]),
    view("/memories/lines.txt", [50, 60]),
    view("/memories/lines.txt", [1, -3]),
    view("/memories/lines.txt", [4]),
    view("/memories/lines.txt", [1, 2, 3]),
    view("/memories/lines.txt", []),
    { command: "view", path: "/memories", view_range: [1, 1] },
  ],
  "contents: empty, unicode, CRLF, tabs, no trailing newline": [
    create("/memories/empty.md", ""),
    create("/memories/unicode.md", "naïve café — 東京 🎉\nsecond\n"),
    create("/memories/crlf.txt", "one\r\ntwo\r\n"),
    create("/memories/tabs.txt", "\tindented\n\t\tdeeper"),
    view("/memories/empty.md"),
    view("/memories/unicode.md"),
    view("/memories/crlf.txt"),
    view("/memories/tabs.txt"),
    view("/memories"),
  ],
  "nested directories, sizes, hidden items and node_modules": [
    create("/memories/z.md", "z"),
    create("/memories/a/d.md", "x".repeat(1500)),
    create("/memories/a/b/c.md", "x".repeat(1024)),
    create("/memories/a/b/e/f.md", "x".repeat(2048)),
    create("/memories/a/b/e/g/h.md", "deep"),
    create("/memories/a/.secret.md", "hidden"),
    create("/memories/.hidden/x.md", "hidden dir"),
    create("/memories/node_modules/y.md", "not listed"),
    create("/memories/a/node_modules/pkg.md", "not listed"),
    create("/memories/big.md", "y".repeat(102_400)),
    create("/memories/k.md", "x".repeat(1023)),
    create("/memories/Capital.md", "sorts before lower case"),
    create("/memories/_under.md", "underscore"),
    create("/memories/a-b.md", "dash"),
    create("/memories/a0.md", "digit"),
    create("/memories/café.md", "accented name"),
    view("/memories"),
    view("/memories/a"),
    view("/memories/a/"),
    view("/memories/a/b"),
    view("/memories/a/b/e"),
    view("/memories/.hidden"),
    view("/memories/node_modules"),
    view("/memories/a/.secret.md"),
  ],
  str_replace: [
    create("/memories/prefs.txt", LINES),
    strReplace("/memories/prefs.txt", "alpha", "ALPHA"),
    strReplace("/memories/prefs.txt", "delta", "DELTA\nand more"),
    strReplace("/memories/prefs.txt", "eta", "ETA"),
    strReplace("/memories/prefs.txt", "gamma", ""),
    view("/memories/prefs.txt"),
    strReplace("/memories/prefs.txt", "not there", "x"),
    strReplace("/memories/prefs.txt", "ta", "TA"),
    strReplace("/memories/prefs.txt", "e", "E"),
    strReplace("/memories/prefs.txt", "`backticks`", "x"),
    strReplace("/memories/missing.txt", "a", "b"),
    create("/memories/dir/inner.txt", "inner"),
    strReplace("/memories/dir", "inner", "x"),
    strReplace("/memories", "a", "b"),
    strReplace("/memories/prefs.txt", "ALPHA", "ALPHA"),
    view("/memories/prefs.txt"),
  ],
  insert: [
    create("/memories/todo.txt", "one\ntwo\nthree\n"),
    insert("/memories/todo.txt", 0, "zero\n"),
    insert("/memories/todo.txt", 2, "one and a half"),
    insert("/memories/todo.txt", 6, "after the end\n"),
    view("/memories/todo.txt"),
    insert("/memories/todo.txt", 8, "too far"),
    insert("/memories/todo.txt", -1, "negative"),
    insert("/memories/todo.txt", 1, "two\nlines\n"),
    insert("/memories/todo.txt", 3, ""),
    view("/memories/todo.txt"),
    insert("/memories/missing.txt", 0, "x"),
    create("/memories/dir/f.txt", "f"),
    insert("/memories/dir", 0, "x"),
    insert("/memories", 0, "x"),
    create("/memories/empty.txt", ""),
    insert("/memories/empty.txt", 1, "first"),
    view("/memories/empty.txt"),
  ],
  "delete: files, directories, the root": [
    create("/memories/keep.md", "keep"),
    create("/memories/old.md", "old"),
    create("/memories/projects/a/one.md", "1"),
    create("/memories/projects/a/two.md", "2"),
    create("/memories/projects/b/.hidden.md", "3"),
    create("/memories/projects/c.md", "4"),
    del("/memories/old.md"),
    del("/memories/old.md"),
    view("/memories/old.md"),
    del("/memories/projects/a"),
    view("/memories/projects"),
    del("/memories/projects/"),
    view("/memories/projects"),
    view("/memories"),
    del("/memories"),
    del("/memories/"),
    del("/memories/never"),
    del("/memories/never/inside.md"),
    view("/memories"),
  ],
  "rename: files and directories": [
    create("/memories/draft.md", "draft"),
    create("/memories/other.md", "other"),
    create("/memories/dir/a.md", "a"),
    create("/memories/dir/sub/b.md", "b"),
    create("/memories/dir/sub/.c.md", "c"),
    create("/memories/keep/k.md", "k"),
    rename("/memories/draft.md", "/memories/final.md"),
    view("/memories/final.md"),
    view("/memories/draft.md"),
    rename("/memories/final.md", "/memories/archive/2025/final.md"),
    view("/memories/archive/2025/final.md"),
    rename("/memories/other.md", "/memories/keep/k.md"),
    rename("/memories/other.md", "/memories/keep"),
    rename("/memories/other.md", "/memories"),
    rename("/memories/missing.md", "/memories/new.md"),
    rename("/memories", "/memories/elsewhere"),
    rename("/memories/", "/memories/elsewhere"),
    rename("/memories/dir", "/memories/moved/dir"),
    view("/memories"),
    view("/memories/moved/dir/sub"),
    view("/memories/moved/dir/sub/.c.md"),
    rename("/memories/moved", "/memories/keep"),
    rename("/memories/keep/k.md", "/memories/keep/k2.md"),
    view("/memories/keep"),
  ],
  "paths outside /memories and traversal that escapes": [
    view("/etc/passwd"),
    view("memories/x"),
    view(""),
    view("/Memories/x"),
    view("/memories/../etc/passwd"),
    view("/memories/a/../../x"),
    view("/memories/.."),
    create("/tmp/x.md", "x"),
    create("/memories/../x.md", "x"),
    strReplace("/etc/hosts", "a", "b"),
    insert("/memories/../../x", 0, "x"),
    del("/etc"),
    del("/memories/../memories2"),
    rename("/etc/a", "/memories/a"),
    rename("/memories/a", "/etc/a"),
    rename("/memories/../a", "/memories/b"),
    view("/memories"),
  ],
};

describe("POST /v1/memory_stores/{store}/memory_tool matches BetaLocalFilesystemMemoryTool", () => {
  it.each(Object.entries(sequences))("%s", async (_name, steps) => {
    const reference = await referenceTool();
    const storeId = await newStore(server);
    try {
      const expected = [];
      const actual = [];
      for (const step of steps) {
        expected.push({ step, ...maskDirectorySizes(await reference.run(step)) });
        actual.push({ step, ...maskDirectorySizes(await callTool(server, storeId, step)) });
      }
      expect(actual).toEqual(expected);
    } finally {
      reference.dispose();
    }
  });
});
