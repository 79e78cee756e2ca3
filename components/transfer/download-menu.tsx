"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";

export type DownloadMenuProps = { storeId: string };

const CHOICES = [
  { format: "zip", label: "Zip archive", hint: "current memories as files, with manifest.json" },
  { format: "tar.gz", label: "tar.gz archive", hint: "the same, as a gzipped tar" },
  { format: "jsonl", label: "JSON Lines with history", hint: "every version, redactions kept" },
] as const;

/**
 * "Download" on a store page: plain links to the streamed export endpoint (GET
 * /v1/exports/{store}), so the browser saves the file itself and nothing is held in the page.
 */
export function DownloadMenu({ storeId }: DownloadMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <Button variant="secondary" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Download
      </Button>
      {open && (
        <div role="menu" aria-label="Download as" className="absolute right-0 z-20 mt-1 w-72 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200">
          {CHOICES.map((choice) => (
            <a
              key={choice.format}
              role="menuitem"
              href={operationUrl("exportStore", { params: { store: storeId }, query: { format: choice.format } })}
              download
              onClick={() => setOpen(false)}
              className="block rounded px-3 py-2 text-sm hover:bg-slate-50"
            >
              <span className="font-medium text-slate-900">{choice.label}</span>
              <span className="block text-xs text-slate-500">{choice.hint}</span>
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
