"use client";

import type { MouseEvent } from "react";
import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import type { TreeRow } from "./tree-rows.ts";

export type TreeRowViewProps = {
  row: TreeRow;
  storeId: string;
  /** As of a moment: links keep it, and a memory opens as the version it was at then (read-only). */
  asOf?: string | null;
  onToggle: (path: string) => void;
  onLoadMore: (prefix: string) => void;
  onRetry: (prefix: string) => void;
  /** A closed folder is about to be opened (hovered or focused): start listing it. */
  onWarm?: (prefix: string) => void;
  /** Where a memory links to (default: its own page). */
  memoryHref?: (memoryId: string) => string;
  /** A memory's link opens it on this page (its href is this page's URL with the memory in it): see openInPlace. */
  opensInPlace?: boolean;
  selectedId?: string | null;
};

/**
 * A plain click on a memory that opens beside the tree changes the URL in place
 * (history.pushState, which the App Router follows: useSearchParams has the memory at once)
 * instead of a navigation, which would ask the server to render the store's page again for
 * what the browser already has: the memory's data was asked for when the pointer came onto
 * the link (PrefetchLink), and the page renders it. A click with a modifier (a new tab or
 * window) is the browser's.
 */
function openInPlace(event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.history.pushState(null, "", event.currentTarget.href);
}

const indent = (depth: number) => ({ paddingLeft: `${0.75 + depth * 1.25}rem` });

/** One row of the memory tree: a folder (toggles), a memory (links to its page), or a folder's status. */
export function TreeRowView({
  row,
  storeId,
  asOf = null,
  onToggle,
  onLoadMore,
  onRetry,
  onWarm,
  memoryHref,
  opensInPlace = false,
  selectedId,
}: TreeRowViewProps) {
  if (row.kind === "folder") {
    return (
      <div className="group flex h-full items-center gap-2 pr-3 text-sm" style={indent(row.depth)} data-testid={`tree-folder-${row.path}`}>
        <button
          type="button"
          data-tree-item
          aria-expanded={row.open}
          onClick={() => onToggle(row.path)}
          onMouseEnter={() => !row.open && onWarm?.(row.path)}
          onFocus={() => !row.open && onWarm?.(row.path)}
          className="flex min-w-0 items-center gap-1.5 rounded px-1 py-0.5 text-left font-medium text-slate-800 hover:bg-slate-100"
        >
          <span aria-hidden className={`inline-block w-3 text-slate-400 transition ${row.open ? "rotate-90" : ""}`}>
            ▶
          </span>
          <FolderIcon open={row.open} />
          <span className="truncate">{row.name}</span>
        </button>
        {row.summary && <FolderCounts memories={row.summary.memory_count} awaiting={row.summary.awaiting_review_count} />}
        <PrefetchLink
          href={`/stores/${storeId}?prefix=${encodeURIComponent(row.path)}${asOf ? `&as_of=${encodeURIComponent(asOf)}` : ""}`}
          className="text-xs text-slate-500 opacity-0 group-hover:opacity-100 focus:opacity-100 hover:text-indigo-700"
          title={`Show ${row.path} at the top (a link you can share)`}
        >
          open folder
        </PrefetchLink>
      </div>
    );
  }
  if (row.kind === "memory") {
    const { memory } = row;
    const selected = memory.id === selectedId;
    const inPlace = opensInPlace && memoryHref !== undefined && !asOf;
    return (
      <div
        className={`grid h-full grid-cols-[1fr_5rem] items-center gap-2 pr-3 text-sm @lg:grid-cols-[1fr_6rem_11rem] @3xl:grid-cols-[1fr_6rem_11rem_11rem] ${selected ? "bg-indigo-50" : ""}`}
        data-testid={`tree-memory-${memory.path}`}
        data-selected={selected || undefined}
      >
        <div className="flex min-w-0 items-center gap-1.5" style={indent(row.depth)}>
          <span aria-hidden className="w-3" />
          <span aria-hidden className="text-slate-400">
            ▤
          </span>
          <PrefetchLink
            data-tree-item
            href={
              asOf ? `/stores/${storeId}/versions/${memory.memory_version_id}` : memoryHref ? memoryHref(memory.id) : `/stores/${storeId}/memories/${memory.id}`
            }
            scroll={memoryHref && !asOf ? false : undefined}
            onClick={inPlace ? openInPlace : undefined}
            // Opened in place: no page of the server's to prefetch (its data is, on intent).
            prefetch={inPlace ? false : undefined}
            aria-current={selected ? "page" : undefined}
            className={`truncate hover:underline ${selected ? "font-medium text-indigo-900" : "text-indigo-700"}`}
            title={memory.path}
          >
            {row.name}
          </PrefetchLink>
        </div>
        <span className="text-right tabular-nums text-slate-600">{formatBytes(memory.content_size_bytes)}</span>
        <LocalTime iso={memory.updated_at} className="hidden text-right text-slate-500 @lg:block" />
        <span className="hidden text-right text-slate-500 @3xl:block" data-testid="tree-last-read">
          {memory.last_read_at === null ? "never" : <LocalTime iso={memory.last_read_at} />}
        </span>
      </div>
    );
  }
  return (
    <div className="flex h-full items-center gap-2 text-sm text-slate-500" style={indent(row.depth + 1)} data-testid={`tree-status-${row.prefix}`}>
      {row.status === "loading" && <span>Loading…</span>}
      {row.status === "loading-more" && <span>Loading more…</span>}
      {row.status === "empty" && <span className="italic">{row.message}</span>}
      {row.status === "more" && (
        <button type="button" onClick={() => onLoadMore(row.prefix)} className="text-indigo-700 hover:underline">
          Load more in {row.prefix}
        </button>
      )}
      {row.status === "error" && (
        <span role="alert" className="text-red-700">
          Could not list {row.prefix}: {row.message}{" "}
          <button type="button" onClick={() => onRetry(row.prefix)} className="underline">
            Retry
          </button>
        </span>
      )}
    </div>
  );
}

/** How many memories a folder holds, and (amber, the colour of "awaiting review") how many of them await a reviewer. */
function FolderCounts({ memories, awaiting }: { memories: number; awaiting: number }) {
  const held = `${memories.toLocaleString("en")} ${memories === 1 ? "memory" : "memories"}`;
  return (
    <span className="flex shrink-0 items-center gap-1.5 text-xs">
      <span className="tabular-nums text-slate-500" title={held} data-testid="folder-memory-count">
        <span aria-hidden>{memories.toLocaleString("en")}</span>
        <span className="sr-only">{held}</span>
      </span>
      {awaiting > 0 && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-1.5 font-medium tabular-nums text-amber-800 ring-1 ring-inset ring-amber-200"
          title={`${awaiting.toLocaleString("en")} awaiting review`}
          data-testid="folder-awaiting-count"
        >
          <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-amber-500" />
          <span aria-hidden>{awaiting.toLocaleString("en")}</span>
          <span className="sr-only">{awaiting.toLocaleString("en")} awaiting review</span>
        </span>
      )}
    </span>
  );
}

/** A folder, closed or open (an outline drawn in the text's size; the tree's rows say its name). */
function FolderIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-amber-500" fill="currentColor">
      {open ? (
        <path d="M2 5.5A1.5 1.5 0 0 1 3.5 4h4l1.5 1.5h7A1.5 1.5 0 0 1 17.5 7v1H6.2a1.5 1.5 0 0 0-1.4 1L2.6 15.2A1.5 1.5 0 0 1 2 14V5.5Zm2.2 4.3A1 1 0 0 1 5.1 9H18a1 1 0 0 1 .95 1.3l-1.6 5A1 1 0 0 1 16.4 16H3.3a.8.8 0 0 1-.75-1.05l1.65-5.15Z" />
      ) : (
        <path d="M2 5.5A1.5 1.5 0 0 1 3.5 4h4l1.5 1.5h7.5A1.5 1.5 0 0 1 18 7v7.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 2 14.5v-9Z" />
      )}
    </svg>
  );
}
