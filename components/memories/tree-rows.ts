import type { FolderSummary } from "@/lib/api-client/wire-types.ts";
import type { FolderState } from "@/lib/queries/use-memory-folders.ts";
import type { Memory, MemoryListItem } from "@/lib/queries/types.ts";

/** The memory tree as one flat list of rows, so one virtualiser handles every open folder. */
export type TreeRow =
  | { kind: "folder"; key: string; depth: number; path: string; name: string; open: boolean; summary?: FolderSummary }
  | { kind: "memory"; key: string; depth: number; memory: Memory; name: string }
  | { kind: "status"; key: string; depth: number; prefix: string; status: "loading" | "more" | "loading-more" | "empty" | "error"; message?: string };

export type FlattenInput = {
  root: string;
  folders: Map<string, FolderState>;
  open: ReadonlySet<string>;
  /** Only entries of the root folder whose name starts with this (case-sensitive, like paths). */
  nameFilter: string;
  /** Each folder's counts by its path (GET /v1/folder_summaries), where known. */
  summaries?: ReadonlyMap<string, FolderSummary>;
};

/** Compares by code point, the order of the API's byte-ordered UTF-8 paths. */
export function comparePaths(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** True when a loaded entry already sorts past every path starting with `start`: no later page can match. */
export function pastFilter(items: MemoryListItem[], start: string): boolean {
  const last = items[items.length - 1];
  return last !== undefined && !last.path.startsWith(start) && comparePaths(last.path, start) > 0;
}

export function flattenTree({ root, folders, open, nameFilter, summaries }: FlattenInput): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (prefix: string, depth: number) => {
    const folder = folders.get(prefix);
    const mark = (status: "loading" | "more" | "loading-more" | "empty" | "error", message?: string) => {
      rows.push({ kind: "status", key: `${prefix}#${status}`, depth, prefix, status, message });
    };
    if (!folder || folder.isLoading) return mark("loading");
    const filter = depth === 0 ? nameFilter : "";
    const items = filter ? folder.items.filter((item) => item.path.startsWith(prefix + filter)) : folder.items;
    for (const item of items) {
      const name = item.path.slice(prefix.length);
      if (item.type === "memory_prefix") {
        const isOpen = open.has(item.path);
        rows.push({ kind: "folder", key: item.path, depth, path: item.path, name, open: isOpen, summary: summaries?.get(item.path) });
        if (isOpen) visit(item.path, depth + 1);
      } else {
        rows.push({ kind: "memory", key: item.id, depth, memory: item, name });
      }
    }
    if (folder.error) mark("error", folder.error.message);
    else if (folder.isFetchingMore) mark("loading-more");
    else if (folder.hasMore && !(filter && pastFilter(folder.items, prefix + filter))) mark("more");
    else if (items.length === 0) mark("empty", filter ? `No entry of ${prefix} starts with “${filter}”.` : "Empty folder.");
  };
  visit(root, 0);
  return rows;
}
