import { describe, expect, it } from "vitest";
import { matchPath, rankPaths } from "@/components/memories/fuzzy-path.ts";

// Quick open (components/memories/quick-open.tsx) ranks a store's paths with this matcher.
describe("quick open's path matcher", () => {
  const paths = ["/notes/plan.md", "/projects/planning/notes.md", "/people/ada.md", "/notes/ideas/merge.md", "/README.md"].map((path) => ({ path }));

  it("matches the query's characters in order, case-insensitively, ignoring spaces", () => {
    expect(matchPath("/notes/plan.md", "PLAN")).not.toBeNull();
    expect(matchPath("/notes/plan.md", "n p")).not.toBeNull();
    expect(matchPath("/notes/plan.md", "nalp")).toBeNull();
    expect(matchPath("/notes/plan.md", "")?.positions).toEqual([]);
  });

  it("puts file-name and word-start matches first", () => {
    expect(rankPaths(paths, "plan").map((m) => m.path)).toEqual(["/notes/plan.md", "/projects/planning/notes.md"]);
    expect(rankPaths(paths, "merge")[0]!.path).toBe("/notes/ideas/merge.md");
    expect(rankPaths(paths, "nim")[0]!.path).toBe("/notes/ideas/merge.md");
    expect(rankPaths(paths, "zzz")).toEqual([]);
  });

  it("reports where the characters matched, preferring the file name", () => {
    expect(matchPath("/notes/plan.md", "plan")!.positions).toEqual([7, 8, 9, 10]);
    const ada = matchPath("/people/ada.md", "pa")!;
    expect(ada.positions.map((i) => "/people/ada.md"[i]).join("")).toBe("pa");
  });

  it("stops at the limit", () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ path: `/inbox/item-${i}.md` }));
    expect(rankPaths(many, "item", 50)).toHaveLength(50);
  });
});
