import { describe, expect, it } from "vitest";
import { openConflicts, resolveConflict, splitLines, threeWayMerge } from "@/components/editor/three-way-merge.ts";

const base = "# Notes\nalpha\nbeta\ngamma\ndelta\nepsilon\n";

describe("splitLines", () => {
  it("keeps line endings so joining restores the text", () => {
    for (const text of ["", "a", "a\n", "a\nb", "a\r\nb\r\n", "\n\n"]) expect(splitLines(text).join("")).toBe(text);
  });
});

describe("threeWayMerge", () => {
  it("merges changes that do not overlap", () => {
    const mine = base.replace("alpha", "ALPHA");
    const theirs = base.replace("epsilon", "EPSILON");
    const result = threeWayMerge(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.text).toBe("# Notes\nALPHA\nbeta\ngamma\ndelta\nEPSILON\n");
  });

  it("takes one side's additions and deletions", () => {
    const mine = base + "zeta\n";
    const theirs = base.replace("beta\n", "");
    expect(threeWayMerge(base, theirs, mine)).toEqual({ text: "# Notes\nalpha\ngamma\ndelta\nepsilon\nzeta\n", conflicts: [] });
  });

  it("treats the same change on both sides as no conflict", () => {
    const both = base.replace("gamma", "GAMMA");
    expect(threeWayMerge(base, both, both)).toEqual({ text: both, conflicts: [] });
  });

  it("writes overlapping changes as a numbered conflict block", () => {
    const mine = base.replace("gamma", "mine");
    const theirs = base.replace("gamma", "theirs");
    const result = threeWayMerge(base, theirs, mine);
    expect(result.conflicts).toEqual([{ mine: "mine\n", theirs: "theirs\n", base: "gamma\n" }]);
    expect(result.text).toBe("# Notes\nalpha\nbeta\n<<<<<<< yours (conflict 1)\nmine\n=======\ntheirs\n>>>>>>> theirs (conflict 1)\ndelta\nepsilon\n");
    expect(openConflicts(result.text)).toEqual([1]);
  });

  it("merges the non-overlapping part around a conflict", () => {
    const mine = base.replace("alpha", "ALPHA").replace("gamma", "mine");
    const theirs = base.replace("gamma", "theirs").replace("epsilon", "EPSILON");
    const result = threeWayMerge(base, theirs, mine);
    expect(result.conflicts).toHaveLength(1);
    expect(result.text.startsWith("# Notes\nALPHA\n")).toBe(true);
    expect(result.text.endsWith("delta\nEPSILON\n")).toBe(true);
  });

  it("keeps conflict markers on their own lines when the last line has no newline", () => {
    const result = threeWayMerge("a\nb", "a\ntheirs", "a\nmine");
    expect(result.text).toBe("a\n<<<<<<< yours (conflict 1)\nmine\n=======\ntheirs\n>>>>>>> theirs (conflict 1)\n");
    expect(resolveConflict(result.text, 1, "mine", result.conflicts)).toBe("a\nmine");
  });
});

describe("resolveConflict", () => {
  const mine = base.replace("alpha", "mine 1").replace("delta", "mine 2");
  const theirs = base.replace("alpha", "theirs 1").replace("delta", "theirs 2");
  const merged = threeWayMerge(base, theirs, mine);

  it("finds two separate conflicts", () => {
    expect(merged.conflicts).toHaveLength(2);
    expect(openConflicts(merged.text)).toEqual([1, 2]);
  });

  it("resolves each conflict by its number, in any order", () => {
    let text = resolveConflict(merged.text, 2, "theirs", merged.conflicts);
    expect(openConflicts(text)).toEqual([1]);
    text = resolveConflict(text, 1, "both", merged.conflicts);
    expect(openConflicts(text)).toEqual([]);
    expect(text).toBe("# Notes\nmine 1\ntheirs 1\nbeta\ngamma\ntheirs 2\nepsilon\n");
  });

  it("leaves a block the person has already edited away", () => {
    const edited = merged.text.replace(/<<<<<<< yours \(conflict 1\)[\s\S]*?>>>>>>> theirs \(conflict 1\)\n/, "hand-merged\n");
    expect(openConflicts(edited)).toEqual([2]);
    expect(resolveConflict(edited, 1, "mine", merged.conflicts)).toBe(edited);
  });
});
