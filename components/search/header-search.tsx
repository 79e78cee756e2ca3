"use client";

import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useRef, type FormEvent } from "react";
import { searchQueryString } from "@/lib/queries/use-search.ts";
import { parseBoxQuery } from "./search-href.ts";

/**
 * The header's search box. Ctrl/Cmd+K focuses it from anywhere, the editor included, hydrated or
 * not (components/shell/before-hydration.ts); Enter opens the results page; "quoted text"
 * searches exact text.
 */
export function HeaderSearch() {
  const router = useWorkspaceRouter();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Read from the box, not from state: what was typed before the page hydrated counts too.
    const query = parseBoxQuery(input.current?.value ?? "");
    if (query.q === "") return;
    input.current?.blur();
    router.push(`/search?${searchQueryString(query)}`);
  };

  return (
    // action and name: Enter before the page has hydrated still opens the results (search-params.ts).
    <form role="search" action="/search" onSubmit={submit} className="relative w-full">
      <label htmlFor="header-search" className="sr-only">
        Search memories
      </label>
      <input
        ref={input}
        id="header-search"
        name="q"
        type="search"
        onKeyDown={(e) => e.key === "Escape" && input.current?.blur()}
        placeholder='Search memories… "exact text"'
        autoComplete="off"
        className="block w-full rounded-md border-0 bg-slate-50 py-1.5 pl-3 pr-3 md:pr-14 text-sm text-slate-900 ring-1 ring-inset ring-slate-200 placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-indigo-600"
      />
      <kbd className="pointer-events-none absolute hidden md:block right-2 top-1/2 -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 text-[10px] font-medium text-slate-500">
        Ctrl K
      </kbd>
    </form>
  );
}
