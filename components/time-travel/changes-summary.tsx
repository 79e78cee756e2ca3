"use client";

import type { StoreChangesSummary } from "@/lib/queries/types.ts";
import { countsPhrase } from "./change-kinds.ts";

/**
 * The comparison at a glance, before any diff: how many changes of each kind, and where. The
 * server counts the whole comparison, so this holds however many pages are loaded below.
 */
export function ChangesSummary({ summary }: { summary: StoreChangesSummary }) {
  const single = summary.by_folder.length === 1;
  return (
    <section aria-label="Summary" data-testid="changes-summary" className="mb-4 rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">
        {summary.total.toLocaleString("en-US")} {summary.total === 1 ? "change" : "changes"}: {countsPhrase(summary.by_change)}
        {single && (
          <>
            {" "}
            in <span className="break-all font-mono">{summary.by_folder[0]!.folder}</span>
          </>
        )}
      </p>
      {!single && (
        <ul className="mt-1 grid gap-x-6 gap-y-0.5 text-xs text-slate-600 sm:grid-cols-2">
          {summary.by_folder.map((f) => (
            <li key={f.folder} className="flex min-w-0 gap-2">
              <span className="min-w-0 truncate font-mono text-slate-800" title={f.folder}>
                {f.folder}
              </span>
              <span className="shrink-0">{countsPhrase(f.by_change)}</span>
            </li>
          ))}
          {summary.more_folders && <li>… and more folders</li>}
        </ul>
      )}
    </section>
  );
}
