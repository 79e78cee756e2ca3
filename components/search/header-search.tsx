"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { searchQueryString } from "@/lib/queries/use-search.ts";
import { parseBoxQuery } from "./search-href.ts";

/**
 * The header's search box. Ctrl/Cmd+K focuses it from anywhere, the editor included (the key is
 * taken before Monaco sees it); Enter opens the results page; "quoted text" searches exact text.
 */
export function HeaderSearch() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      event.stopPropagation();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = parseBoxQuery(text);
    if (query.q === "") return;
    input.current?.blur();
    router.push(`/search?${searchQueryString(query)}`);
  };

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor="header-search" className="sr-only">
        Search memories
      </label>
      <input
        ref={input}
        id="header-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
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
