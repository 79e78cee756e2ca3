import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { allVersions, callTool, newStore, storeContents, type ToolInput } from "./helpers.ts";

/**
 * Hostile paths: every command with any of them answers with an error result and touches
 * nothing. The store is seeded with memories at the literal paths a lenient reading would
 * reach (`/%2e%2e/x`, `/X/a` for `/memoriesX/a`, `/a/b` for `/memories/a/./b`, …), so a
 * path that slipped through would show up as a changed store or a new version.
 */
let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const HOSTILE = [
  "/memories/../etc/passwd",
  "/memories/a/../../x",
  "/memories/..",
  "/memories/a/..",
  "/memories/a/../b",
  "/memories/%2e%2e/x",
  "/memories/%2E%2e/x",
  "/memories/%2e%2E/x",
  "/memories/%2E%2E/x",
  "/memories/.%2e/x",
  "/memories/%2e./x",
  "/memories/%2e%2e%2fx",
  "/memories/..%2fx",
  "/memories/..%5cx",
  "/memories/%252e%252e/x",
  "/memories/%c0%ae%c0%ae/x",
  "/memories/%2e",
  "/memories\\..\\x",
  "/memories/a\\b",
  "\\memories\\a",
  "/etc/passwd",
  "memories/x",
  "../memories/a",
  "",
  "/memoriesX/a",
  "/memories-old/a",
  "/memories/a\u0000b",
  "/memories/a\u0000",
  "/memories/a/./b",
  "/memories/./a",
  "/memories//a",
  "/memories/a//b",
  "/memories/a\u202eb",
  "/memories/a\u0301",
  "/memories/" + Array.from({ length: 21 }, (_, i) => `s${i}`).join("/"),
  "/memories/" + "x".repeat(1100),
];

const SEEDED = [
  "/x",
  "/b",
  "/etc/passwd",
  "/a/b",
  "/X/a",
  "/%2e%2e/x",
  "/%2E%2e/x",
  "/.%2e/x",
  "/%2e./x",
  "/%252e%252e/x",
  "/..%2fx",
  "/..%5cx",
  "/%c0%ae%c0%ae/x",
  "/%2e",
  "/\\..\\x",
  "/a\\b",
  "/target",
];

function commandsFor(path: string): ToolInput[] {
  return [
    { command: "view", path },
    { command: "create", path, file_text: "planted" },
    { command: "str_replace", path, old_str: "seed", new_str: "changed" },
    { command: "insert", path, insert_line: 0, insert_text: "planted" },
    { command: "delete", path },
    { command: "rename", old_path: path, new_path: "/memories/moved" },
    { command: "rename", old_path: "/memories/target", new_path: path },
  ];
}

describe("memory tool path validation", () => {
  it("answers every hostile path with an error result and changes nothing", async () => {
    const storeId = await newStore(server, "traversal");
    for (const path of SEEDED) {
      await server.client.beta.memoryStores.memories.create(storeId, { path, content: `seed of ${path}` });
    }
    const before = await storeContents(server, storeId);
    const versionsBefore = (await allVersions(server, storeId)).length;
    expect(Object.keys(before)).toHaveLength(SEEDED.length);

    for (const path of HOSTILE) {
      for (const input of commandsFor(path)) {
        const result = await callTool(server, storeId, input);
        expect({ input, ...result }).toMatchObject({ input, is_error: true, content: expect.stringMatching(/^Error: /) });
        expect(result.content).not.toContain("seed of");
      }
    }

    expect(await storeContents(server, storeId)).toEqual(before);
    expect((await allVersions(server, storeId)).length).toBe(versionsBefore);
  });

  it("names the rule that refused the path", async () => {
    const storeId = await newStore(server, "messages");
    const message = async (path: string) => (await callTool(server, storeId, { command: "view", path })).content;
    expect(await message("/etc/passwd")).toBe("Error: Path must start with /memories, got: /etc/passwd");
    expect(await message("/memories/../etc/passwd")).toBe("Error: Path /memories/../etc/passwd would escape /memories directory");
    expect(await message("/memoriesX/a")).toBe("Error: Path must be /memories or start with /memories/, got: /memoriesX/a");
    expect(await message("/memories/a/../b")).toBe("Error: Path /memories/a/../b must not contain '..' segments");
    expect(await message("/memories/%2E%2e/x")).toBe("Error: Path /memories/%2E%2e/x must not contain URL-encoded traversal sequences such as %2e%2e");
    expect(await message("/memories\\..\\x")).toBe("Error: Path /memories\\..\\x must not contain backslashes");
    expect(await message("/memories/a\u0000b")).toBe("Error: Path must not contain NUL characters");
    expect(await message("/memories/a/./b")).toBe("Error: Path /memories/a/./b: must not contain '.' or '..' segments.");
    expect(await message("/memories//a")).toBe("Error: Path /memories//a: must not contain empty segments (no '//' and no trailing '/').");
  });

  it("keeps percent signs that encode nothing dangerous as part of the name", async () => {
    const storeId = await newStore(server, "percent");
    const created = await callTool(server, storeId, { command: "create", path: "/memories/100%25 done.md", file_text: "ok" });
    expect(created).toEqual({ content: "File created successfully at: /memories/100%25 done.md", is_error: false });
    expect(Object.keys(await storeContents(server, storeId))).toEqual(["/100%25 done.md"]);
  });
});
