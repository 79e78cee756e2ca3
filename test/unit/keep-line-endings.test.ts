import { describe, expect, it } from "vitest";
import { keepLineEndings } from "../../components/editor/keep-line-endings.ts";

// Monaco normalises line endings; what the console saves must differ from what it loaded only where someone typed.
const asMonaco = (text: string, eol: "\n" | "\r\n") => text.replace(/\r\n?|\n/g, eol);

describe("keepLineEndings", () => {
  const mixed = "one\r\ntwo\nthree\r\nfour\n";

  it("a mixed text the editor normalised, untouched, is the original byte for byte", () => {
    expect(keepLineEndings(mixed, asMonaco(mixed, "\n"))).toBe(mixed);
    expect(keepLineEndings(mixed, asMonaco(mixed, "\r\n"))).toBe(mixed);
    expect(keepLineEndings("a\rb\r\nc", "a\nb\nc")).toBe("a\rb\r\nc");
  });

  it("keeps every other line's ending when a line is edited, lines are added or removed", () => {
    expect(keepLineEndings(mixed, asMonaco("one\ntwo!\nthree\nfour\n", "\n"))).toBe("one\r\ntwo!\nthree\r\nfour\n");
    expect(keepLineEndings(mixed, asMonaco("one\ntwo\nthree\nfour\nfive", "\r\n"))).toBe(mixed + "five");
    expect(keepLineEndings(mixed, asMonaco("one\nthree\nfour\n", "\n"))).toBe("one\r\nthree\r\nfour\n");
    // New line breaks take the most common ending (here \r\n, 2 of 3 in "a\r\nb\r\nc\n").
    expect(keepLineEndings("a\r\nb\r\nc\n", "a\nx\ny\nb\nc\n")).toBe("a\r\nx\r\ny\r\nb\r\nc\n");
  });

  it("text without a carriage return is the editor's as it is", () => {
    expect(keepLineEndings("a\nb", "a\nbc")).toBe("a\nbc");
    expect(keepLineEndings("", "new")).toBe("new");
  });

  it("a text emptied, or replaced whole, is what the editor holds", () => {
    expect(keepLineEndings(mixed, "")).toBe("");
    expect(keepLineEndings("x\r\ny\r\n", "p\nq")).toBe("p\r\nq");
  });
});
