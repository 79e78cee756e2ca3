import { describe, expect, it } from "vitest";
import { splitPathInput } from "@/components/memories/path-filter.tsx";
import { comparePaths, flattenTree, pastFilter } from "@/components/memories/tree-rows.ts";
import type { FolderState } from "@/lib/queries/use-memory-folders.ts";
import type { Memory, MemoryListItem } from "@/lib/queries/types.ts";

const memory = (path: string): Memory => ({
  type: "memory",
  id: `mem_${path}`,
  path,
  memory_store_id: "memstore_1",
  content: null,
  content_sha256: "0".repeat(64),
  content_size_bytes: 1,
  memory_version_id: "memver_1",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
});
const folder = (path: string): MemoryListItem => ({ type: "memory_prefix", path });
const loaded = (items: MemoryListItem[], more = false): FolderState => ({
  items,
  isLoading: false,
  error: null,
  hasMore: more,
  isFetchingMore: false,
  pages: 1,
});
const summary = (rows: ReturnType<typeof flattenTree>) =>
  rows.map((row) => `${row.depth}:${row.kind === "status" ? `(${row.status})` : row.kind === "folder" ? `${row.name}${row.open ? "-" : "+"}` : row.name}`);

describe("flattenTree", () => {
  const folders = new Map([
    ["/", loaded([folder("/notes/"), memory("/readme.md")])],
    ["/notes/", loaded([folder("/notes/ideas/"), memory("/notes/todo.md")], true)],
  ]);

  it("nests open folders and marks where more pages exist", () => {
    expect(summary(flattenTree({ root: "/", folders, open: new Set(["/notes/"]), nameFilter: "" }))).toEqual([
      "0:notes/-",
      "1:ideas/+",
      "1:todo.md",
      "1:(more)",
      "0:readme.md",
    ]);
  });

  it("gives each folder row its counts where a summary is known", () => {
    const summaries = new Map([["/notes/ideas/", { type: "folder_summary" as const, path: "/notes/ideas/", memory_count: 12, awaiting_review_count: 3 }]]);
    const rows = flattenTree({ root: "/", folders, open: new Set(["/notes/"]), nameFilter: "", summaries });
    const folderRows = rows.filter((row) => row.kind === "folder");
    expect(folderRows.map((row) => [row.path, row.summary?.memory_count, row.summary?.awaiting_review_count])).toEqual([
      ["/notes/", undefined, undefined],
      ["/notes/ideas/", 12, 3],
    ]);
  });

  it("shows a loading row for an open folder not listed yet", () => {
    const rows = flattenTree({ root: "/", folders, open: new Set(["/notes/", "/notes/ideas/"]), nameFilter: "" });
    expect(summary(rows)).toContain("2:(loading)");
  });

  it("filters the root level by the start of the name", () => {
    expect(summary(flattenTree({ root: "/", folders, open: new Set(), nameFilter: "re" }))).toEqual(["0:readme.md"]);
    const none = flattenTree({ root: "/", folders, open: new Set(), nameFilter: "zz" });
    expect(none).toMatchObject([{ kind: "status", status: "empty", message: "No entry of / starts with “zz”." }]);
  });

  it("stops offering more pages once the loaded entries sort past the filter", () => {
    const long = new Map([["/", loaded([memory("/a1.md"), memory("/b1.md")], true)]]);
    expect(summary(flattenTree({ root: "/", folders: long, open: new Set(), nameFilter: "a" }))).toEqual(["0:a1.md"]);
    expect(summary(flattenTree({ root: "/", folders: long, open: new Set(), nameFilter: "c" }))).toEqual(["0:(more)"]);
  });
});

describe("path order and filter helpers", () => {
  it("compares by code point like the API's byte order", () => {
    expect(comparePaths("/a", "/b")).toBeLessThan(0);
    expect(comparePaths("/\u{1F600}", "/\uFFFD")).toBeGreaterThan(0);
    expect(pastFilter([memory("/b.md")], "/a")).toBe(true);
    expect(pastFilter([memory("/a.md")], "/a")).toBe(false);
  });

  it("splits a typed path into folder and name start", () => {
    expect(splitPathInput("/notes/to")).toEqual({ prefix: "/notes/", name: "to" });
    expect(splitPathInput("notes/")).toEqual({ prefix: "/notes/", name: "" });
    expect(splitPathInput(" / ")).toEqual({ prefix: "/", name: "" });
  });
});
