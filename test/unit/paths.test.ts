import { describe, expect, it } from "vitest";
import { after, ancestorPaths, folderRange } from "@/lib/memory/paths.ts";

// The byte-order arithmetic that listing and the overlap check rely on.
describe("path ranges", () => {
  it("a folder's range holds exactly the paths below it", () => {
    const { from, to } = folderRange("/notes/");
    const inside = (p: string) => p >= from && p < to;
    expect(inside("/notes/a.md")).toBe(true);
    expect(inside("/notes/z/y/x")).toBe(true);
    expect(inside("/notes")).toBe(false);
    expect(inside("/notes-archive/a")).toBe(false);
    expect(inside("/notes.md")).toBe(false);
    expect(inside("/notes0")).toBe(false);
  });

  it("after(path) is the first valid path greater than it", () => {
    expect(after("/a") > "/a").toBe(true);
    expect("/a " >= after("/a")).toBe(true);
    expect("/a!" >= after("/a")).toBe(true);
    expect("/a/b" >= after("/a")).toBe(true);
  });

  it("ancestors are the proper prefixes at segment boundaries", () => {
    expect(ancestorPaths("/a/b/c.md")).toEqual(["/a", "/a/b"]);
    expect(ancestorPaths("/top.md")).toEqual([]);
  });
});
