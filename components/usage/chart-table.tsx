"use client";

import { useState, type ReactNode } from "react";

export type ChartTableProps = {
  /** What the table holds, for the summary: "Show memories per day as a table". */
  what: string;
  /** The table, rendered once opened (a year of days is hundreds of rows nobody asked for yet). */
  children: () => ReactNode;
};

/** A chart's data as a table, behind a disclosure under it: the chart's accessible alternative, and its exact numbers. */
export function ChartTable({ what, children }: ChartTableProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium text-indigo-700 hover:underline">Show {what} as a table</summary>
      {open && (
        // Scrolls within a screen's height: focusable and named, so a keyboard can scroll it too.
        <div
          role="region"
          aria-label={`${what[0]!.toUpperCase()}${what.slice(1)}`}
          tabIndex={0}
          className="mt-2 max-h-96 overflow-y-auto rounded ring-1 ring-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {children()}
        </div>
      )}
    </details>
  );
}
