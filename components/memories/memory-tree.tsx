"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { EmptyState, Spinner } from "@/components/ui/states.tsx";
import { queryKeys } from "@/lib/queries/keys.ts";
import { folderQuery } from "@/lib/queries/page-queries.ts";
import { useFolderSummaries } from "@/lib/queries/use-folder-summaries.ts";
import { useMemoryFolders } from "@/lib/queries/use-memory-folders.ts";
import { TreeRowView } from "./tree-row.tsx";
import { flattenTree } from "./tree-rows.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type MemoryTreeProps = {
  storeId: string;
  /** The folder shown at the top level: `/` or a prefix ending in `/`. */
  root: string;
  /** Shows only the root folder's entries whose name starts with this. */
  nameFilter: string;
  /** Shows the tree as it was at this moment (RFC 3339), read-only; null or absent: now. */
  asOf?: string | null;
  /** Where a memory's row links to (default: the memory's own page). */
  memoryHref?: (memoryId: string) => string;
  /** memoryHref is this page with the memory open in it: a click opens it in place, with no request to the server. */
  opensInPlace?: boolean;
  /** The memory shown beside the tree: its row is marked as the current one. */
  selectedId?: string | null;
  /** A memory path to show: its folders below the root are opened (the memory open beside the tree). */
  revealPath?: string | null;
};

const ROW_HEIGHT = 36;
const FIRST_SCREEN_ROWS = 20;

/** Open folders whose every ancestor below the root is open too (hidden ones are not fetched). */
function visibleOpen(root: string, open: ReadonlySet<string>): string[] {
  return [...open].filter((prefix) => {
    if (!prefix.startsWith(root) || prefix === root) return false;
    const segments = prefix.slice(root.length, -1).split("/");
    return segments.slice(0, -1).every((_, i) => open.has(root + segments.slice(0, i + 1).join("/") + "/"));
  });
}

/**
 * The store's memories as a lazy, virtualised tree: a folder is listed (path_prefix + depth=1)
 * only when opened, its pages load as they scroll into view, and only visible rows are rendered.
 */
export function MemoryTree({ storeId, root, nameFilter, asOf = null, memoryHref, opensInPlace, selectedId = null, revealPath = null }: MemoryTreeProps) {
  const client = useQueryClient();
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  // Opening a memory from elsewhere (a link, quick open, a reload) opens its folders; nothing the reader opened is closed.
  useEffect(() => {
    if (!revealPath?.startsWith(root)) return;
    const segments = revealPath.slice(root.length).split("/").slice(0, -1);
    const ancestors = segments.map((_, i) => root + segments.slice(0, i + 1).join("/") + "/");
    if (ancestors.length === 0) return;
    setOpen((current) => (ancestors.every((prefix) => current.has(prefix)) ? current : new Set([...current, ...ancestors])));
  }, [revealPath, root]);
  const [pagesWanted, setPagesWanted] = useState<Record<string, number>>({});
  const prefixes = useMemo(() => [root, ...visibleOpen(root, open)], [root, open]);
  const folders = useMemoryFolders(storeId, prefixes, pagesWanted, asOf);
  // Counts are of the store now: none beside the tree of a past moment. Asked only for folders
  // whose listing shows subfolders: a flat folder of thousands of memories has nothing to count,
  // and finding that out would walk every one of them.
  const withSubfolders = prefixes.filter((prefix) => folders.get(prefix)?.items.some((item) => item.type === "memory_prefix"));
  const summaries = useFolderSummaries(storeId, withSubfolders, asOf === null);
  const rows = flattenTree({ root, folders, open, nameFilter, summaries });

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the React Compiler is not enabled here, so nothing is memoised behind TanStack Virtual's back
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]!.key,
    overscan: 15,
    useFlushSync: false,
  });
  // Until the list is measured in the browser (server-rendered HTML, and the hydration that must
  // match it) the virtualiser has no rows: show the first screenful as it will be laid out.
  const measured = virtualizer.getVirtualItems();
  const visible = measured.length > 0 ? measured : rows.slice(0, FIRST_SCREEN_ROWS).map((row, index) => ({ key: row.key, index, start: index * ROW_HEIGHT }));

  const loadMore = (prefix: string) => {
    const loaded = folders.get(prefix)?.pages ?? 1;
    setPagesWanted((wanted) => ((wanted[prefix] ?? 1) > loaded ? wanted : { ...wanted, [prefix]: loaded + 1 }));
  };
  // A folder's next page loads when its "more" row scrolls into view.
  const moreInView = visible.map((item) => rows[item.index]).filter((row) => row?.kind === "status" && row.status === "more");
  const moreKey = moreInView.map((row) => row!.key).join("|");
  useEffect(() => {
    for (const row of moreInView) if (row?.kind === "status") loadMore(row.prefix);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- moreKey stands for moreInView (a new array every render); loadMore is this render's
  }, [moreKey]);

  const toggle = (path: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  const warm = (prefix: string) => void client.prefetchQuery(folderQuery(storeId, prefix, null, asOf));
  const retry = (prefix: string) => client.refetchQueries({ queryKey: [...queryKeys.memories.all(storeId), "folder", prefix] });

  // Up/Down move between the rows' folders and memories (Enter opens, as links and buttons do);
  // the virtualiser renders rows beyond the screen (overscan), so the next one is there to focus.
  const moveFocus = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const items = Array.from(scrollRef.current?.querySelectorAll<HTMLElement>("[data-tree-item]") ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    const next = items[at + (event.key === "ArrowDown" ? 1 : -1)];
    next?.focus();
    next?.scrollIntoView({ block: "nearest" });
  };

  const rootFolder = folders.get(root);
  if (!rootFolder || rootFolder.isLoading) return <Spinner label="Loading memories…" />;
  if (rootFolder.error && rootFolder.items.length === 0) return <ErrorAlert error={rootFolder.error} title="Could not list these memories" />;
  if (rootFolder.items.length === 0 && !rootFolder.hasMore) {
    return <EmptyState title={root === "/" ? "This store has no memories yet" : `Nothing under ${root}`} />;
  }

  return (
    <div data-testid="memory-tree" className="@container">
      <div className="grid grid-cols-[1fr_5rem] gap-2 border-b border-slate-200 px-3 py-2 text-xs font-medium uppercase text-slate-500 @lg:grid-cols-[1fr_6rem_11rem] @3xl:grid-cols-[1fr_6rem_11rem_11rem]">
        <span>Name</span>
        <span className="text-right">Size</span>
        <span className="hidden text-right @lg:block">Updated</span>
        <span className="hidden text-right @3xl:block" title="When an agent last read it (people reading in the console do not count)">
          Last read
        </span>
      </div>
      <div ref={scrollRef} className="max-h-[65vh] overflow-auto" data-testid="memory-tree-scroll" onKeyDown={moveFocus}>
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {visible.map((item) => (
            <div
              key={item.key}
              className="absolute left-0 top-0 w-full border-b border-slate-50"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <TreeRowView
                row={rows[item.index]!}
                storeId={storeId}
                asOf={asOf}
                onToggle={toggle}
                onLoadMore={loadMore}
                onRetry={retry}
                onWarm={warm}
                memoryHref={memoryHref}
                opensInPlace={opensInPlace}
                selectedId={selectedId}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
