import { describe, expect, it } from "vitest";
import { exportFileName } from "../../lib/export/export-file-name.ts";

// Exports are named by store name and date (issue 26, item 7), sanitised for Content-Disposition.
describe("exportFileName", () => {
  const at = new Date("2026-12-01T18:00:00Z");
  it("is the store name's slug and the day", () => {
    expect(exportFileName({ id: "memstore_01", name: "Team notes" }, "jsonl", at)).toBe("team-notes-2026-12-01.jsonl");
    expect(exportFileName({ id: "memstore_01", name: '  Café / "Support" bot\'s; notes\r\n' }, "tar.gz", at)).toBe(
      "cafe-support-bot-s-notes-2026-12-01.tar.gz",
    );
  });
  it("keeps nothing a header or a file system could trip on, and stays short", () => {
    const name = exportFileName({ id: "memstore_01", name: `../${"x".repeat(200)}"\\` }, "zip", at);
    expect(name).toMatch(/^[a-z0-9-]+-2026-12-01\.zip$/);
    expect(name.length).toBeLessThanOrEqual(60 + 15);
  });
  it("falls back to the store's id when the name has nothing left", () => {
    expect(exportFileName({ id: "memstore_01", name: "日本語" }, "zip", at)).toBe("memstore_01-2026-12-01.zip");
  });
});
