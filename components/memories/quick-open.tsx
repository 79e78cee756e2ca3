"use client";

import { useQuery } from "@tanstack/react-query";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { Kbd } from "@/components/review/kbd.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "@/lib/queries/keys.ts";
import type { MemoryListItem, Page } from "@/lib/queries/types.ts";
import { rankPaths } from "./fuzzy-path.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

type PathEntry = { id: string; path: string };

/** Every live memory's path in the store (view=basic, 100 a page; a store holds at most 10,000). Under "folder", so writes refresh it. */
function useStorePaths(storeId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.memories.all(storeId), "folder", "#quick-open"],
    enabled,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const paths: PathEntry[] = [];
      let page: string | null = null;
      do {
        const result: Page<MemoryListItem> = await apiClient.call("listMemories", {
          params: { store: storeId },
          query: { view: "basic", limit: 100, page },
          signal,
        });
        for (const item of result.data) if (item.type === "memory") paths.push({ id: item.id, path: item.path });
        page = result.next_page;
      } while (page);
      return paths;
    },
  });
}

/** The matched characters in bold. */
function Highlighted({ path, positions }: { path: string; positions: number[] }) {
  const marked = new Set(positions);
  const parts: { text: string; hit: boolean }[] = [];
  for (let i = 0; i < path.length; i++) {
    const hit = marked.has(i);
    const last = parts[parts.length - 1];
    if (last && last.hit === hit) last.text += path[i];
    else parts.push({ text: path[i]!, hit });
  }
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <strong key={i} className="font-semibold text-indigo-700">
            {part.text}
          </strong>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

export type QuickOpenProps = {
  storeId: string;
  /** Where a chosen memory opens. */
  hrefFor: (memory: PathEntry) => string;
};

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || !!target.closest(".monaco-editor"));

/**
 * "Go to memory": Ctrl/Cmd+P anywhere on a store's pages (also in the editor), or `t` outside a
 * text field, opens a box that finds a memory by a few letters of its path.
 */
export function QuickOpen({ storeId, hrefFor }: QuickOpenProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "p";
      const t = !event.ctrlKey && !event.metaKey && !event.altKey && event.key === "t" && !isTyping(event.target);
      if (!mod && !t) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, []);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} title="Go to a memory by its path (Ctrl/Cmd+P, or t)" data-testid="quick-open-button">
        Quick open
        <span className="hidden md:inline">
          <Kbd>Ctrl P</Kbd>
        </span>
      </Button>
      {open && <QuickOpenDialog storeId={storeId} hrefFor={hrefFor} onClose={() => setOpen(false)} />}
    </>
  );
}

function QuickOpenDialog({ storeId, hrefFor, onClose }: QuickOpenProps & { onClose: () => void }) {
  const router = useWorkspaceRouter();
  const paths = useStorePaths(storeId, true);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => rankPaths(paths.data ?? [], query, 50), [paths.data, query]);
  const current = Math.min(active, Math.max(0, matches.length - 1));

  useEffect(() => input.current?.focus(), []);

  const choose = (entry: PathEntry | undefined) => {
    if (!entry) return;
    onClose();
    router.push(hrefFor(entry), { scroll: false });
  };
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + matches.length) % Math.max(1, matches.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(matches[current]?.item);
    }
  };

  return (
    <Dialog open title="Go to memory" onClose={onClose}>
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={matches[current] ? `${listId}-${current}` : undefined}
        aria-label="Path"
        autoComplete="off"
        spellCheck={false}
        placeholder="A few letters of the path, e.g. notes plan"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="block w-full rounded-md border-0 px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:font-sans placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600"
      />
      {paths.isLoading && <Spinner label="Listing the store's paths…" />}
      {paths.error && <ErrorAlert error={paths.error} title="Could not list this store's memories" />}
      {paths.data && (
        <>
          <ul id={listId} role="listbox" aria-label="Matching memories" className="mt-3 max-h-[50vh] overflow-y-auto" data-testid="quick-open-results">
            {matches.map((match, i) => (
              <li
                key={match.item.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(match.item)}
                className={`cursor-pointer break-all rounded px-2 py-1.5 font-mono text-sm ${i === current ? "bg-indigo-50 text-slate-900" : "text-slate-700"}`}
              >
                <Highlighted path={match.path} positions={match.positions} />
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500" role="status">
            {matches.length === 0
              ? query
                ? `No path of the ${paths.data.length.toLocaleString("en-US")} in this store matches “${query}”.`
                : "This store has no memories yet."
              : `${matches.length === 50 ? "The best 50" : matches.length.toLocaleString("en-US")} of ${paths.data.length.toLocaleString("en-US")} paths. ↑↓ to choose, Enter to open, Esc to close.`}
          </p>
        </>
      )}
    </Dialog>
  );
}
