import { BetaLocalFilesystemMemoryTool } from "@anthropic-ai/sdk/tools/memory/node";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { showFile } from "./show-file.ts";

/**
 * The 999,999-line limit cannot be reached through a store (content is at most 100 kB), so
 * the formatter is checked on its own against the reference reading the same text from disk.
 */
describe("showFile", () => {
  it.each([
    ["a file over the line limit", "\n".repeat(999_999)],
    ["a file at the line limit", "\n".repeat(999_998)],
  ])("answers %s like BetaLocalFilesystemMemoryTool", async (_name, content) => {
    const dir = mkdtempSync(join(tmpdir(), "memtool-lines-"));
    try {
      const reference = await BetaLocalFilesystemMemoryTool.init(dir);
      writeFileSync(join(dir, "memories", "big.txt"), content);
      const expected = await reference.view({ command: "view", path: "/memories/big.txt" }).then(
        (text) => ({ text }),
        (error: Error) => ({ error: error.message }),
      );
      let actual: { text: string } | { error: string };
      try {
        actual = { text: showFile("/memories/big.txt", content, undefined) };
      } catch (error) {
        actual = { error: (error as Error).message };
      }
      expect(actual).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("states the limit", () => {
    expect(() => showFile("/memories/x", "\n".repeat(999_999), null)).toThrow("File /memories/x has too many lines (1000000). Maximum is 999,999 lines.");
  });
});
