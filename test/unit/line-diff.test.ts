import { describe, expect, it } from "vitest";
import { lineDiff } from "../../components/time-travel/line-diff.ts";

// The changes view's inline diff (components/time-travel/line-diff.ts): removed then added
// lines with both line numbers, three lines of context, longer unchanged runs folded.
describe("lineDiff", () => {
  it("marks removed and added lines with their line numbers, and folds long unchanged runs", () => {
    const before = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    const after = before.replace("line 9\n", "line nine\n") + "line 13\n";
    const rows = lineDiff(before, after);
    expect(rows[0]).toEqual({ kind: "gap", count: 5 });
    expect(rows.slice(1, 4).map((r) => r.kind === "same" && r.text)).toEqual(["line 6", "line 7", "line 8"]);
    expect(rows[4]).toEqual({ kind: "removed", text: "line 9", oldLine: 9, newLine: null });
    expect(rows[5]).toEqual({ kind: "added", text: "line nine", oldLine: null, newLine: 9 });
    expect(rows.at(-1)).toEqual({ kind: "added", text: "line 13", oldLine: null, newLine: 13 });
  });

  it("an added memory is all added lines; a final newline is no extra line", () => {
    expect(lineDiff("", "a\nb\n")).toEqual([
      { kind: "added", text: "a", oldLine: null, newLine: 1 },
      { kind: "added", text: "b", oldLine: null, newLine: 2 },
    ]);
  });
});
