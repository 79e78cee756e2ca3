"use client";

import { useState, type ReactNode } from "react";
import { Button } from "./button.tsx";

/** Rows a long report draws at first, and adds per click. */
export const ROWS_STEP = 200;

/**
 * The first rows of a report's items, and a button that draws more. A report of 10,000 items
 * (an import into a full store, a restore of one) would otherwise lay out 10,000 table rows
 * before the page shows anything; its downloads still hold every item.
 */
export function useShownRows<Item>(items: readonly Item[], step = ROWS_STEP): { rows: readonly Item[]; more: ReactNode } {
  const [shown, setShown] = useState(step);
  const hidden = items.length - shown;
  const more =
    hidden > 0 ? (
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-4 py-3 text-xs text-slate-600" data-testid="rows-not-shown">
        <span>
          {shown.toLocaleString()} of {items.length.toLocaleString()} shown.
        </span>
        <Button size="sm" variant="secondary" onClick={() => setShown((n) => n + step)}>
          Show {Math.min(step, hidden).toLocaleString()} more
        </Button>
      </div>
    ) : null;
  return { rows: items.slice(0, shown), more };
}
