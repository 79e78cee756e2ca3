import { describe, expect, it } from "vitest";
import { replaceAll } from "../erase/erase-text.ts";
import { buildSnippet } from "./snippet.ts";
import { exactMatches, wordMatches } from "./text-matches.ts";

describe("exactMatches", () => {
  it("finds every occurrence, overlapping ones too, ignoring case", () => {
    expect(exactMatches("aaaa", "aa")).toEqual([
      [0, 2],
      [1, 3],
      [2, 4],
    ]);
    expect(exactMatches("Key SK-ANT-x sk-ant-y", "sk-ant-")).toEqual([
      [4, 11],
      [13, 20],
    ]);
    expect(exactMatches("ÉCOLE école", "école")).toEqual([
      [0, 5],
      [6, 11],
    ]);
  });

  it("counts offsets in UTF-16 code units across astral characters", () => {
    const text = "😀 call +1 (555) now";
    const [[start, end]] = exactMatches(text, "+1 (555)") as [[number, number]];
    expect(text.slice(start, end)).toBe("+1 (555)");
  });

  it("stays linear on a text built to make naive matching quadratic", () => {
    const text = "a".repeat(100_000);
    expect(exactMatches(text, "a".repeat(999) + "b")).toEqual([]);
  });
});

describe("wordMatches", () => {
  it("matches whole words, case-folded", () => {
    expect(wordMatches("Pricing: prices, PRICING.", ["pricing"])).toEqual([
      [0, 7],
      [17, 24],
    ]);
  });
});

describe("buildSnippet", () => {
  it("cuts the line of the first match and marks every match in it", () => {
    const text = `first line\n${"x".repeat(100)} key=sk-ant-1 and sk-ant-2 ${"y".repeat(300)}\nlast`;
    const snippet = buildSnippet(text, exactMatches(text, "sk-ant-"));
    expect(snippet.line).toBe(2);
    expect(snippet.column).toBe(106);
    expect(snippet.segments[0]!.text.startsWith("…")).toBe(true);
    expect(snippet.segments.filter((s) => s.match).map((s) => s.text)).toEqual(["sk-ant-", "sk-ant-"]);
    expect(snippet.segments[snippet.segments.length - 1]!.text.endsWith("…")).toBe(true);
    expect(snippet.segments.map((s) => s.text).join("").length).toBeLessThan(240);
  });

  it("without a match, the start of the text, unmarked", () => {
    expect(buildSnippet("hello\nworld", [])).toEqual({ segments: [{ text: "hello", match: false }], line: null, column: null });
  });
});

describe("replaceAll (erase)", () => {
  it("replaces every occurrence, overlapping runs once", () => {
    expect(replaceAll("a SK-1 b sk-1", "sk-1", "[x]")).toBe("a [x] b [x]");
    expect(replaceAll("aaa", "aa", "[x]")).toBe("[x]");
  });

  it("refuses a result that spells the text again", () => {
    expect(replaceAll("x ]abab", "]ab", "[erased]")).toBeNull();
  });
});
