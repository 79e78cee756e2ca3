import { describe, expect, it } from "vitest";
import { scrubText } from "./scrub-records.ts";

describe("scrubText", () => {
  it("puts the marker where the text was, ignoring case, non-ASCII letters included", () => {
    expect(scrubText("/users/ÄNNCHEN-1/profile.md", "ännchen-1", "[erased]")).toBe("/users/[erased]/profile.md");
    expect(scrubText("/notes/plain.md", "ännchen-1", "[erased]")).toBe("/notes/plain.md");
  });

  it("a delete erase (no marker) leaves the default marker", () => {
    expect(scrubText("a secret b", "SECRET", null)).toBe("a [erased] b");
  });

  it("never leaves the text: where the marker and what surrounds it would spell it again, the text goes without a marker, else the whole string", () => {
    expect(scrubText("aabb", "ab", "-")).toBe("a-b");
    expect(scrubText("aab", "ab", "b")).toBe("a");
    expect(scrubText("aabb", "ab", "b")).toBe("b");
    expect(scrubText("erase me", "erase", null)).toBe(" me");
  });
});
