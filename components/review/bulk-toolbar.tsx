"use client";

import { Button } from "@/components/ui/button.tsx";
import type { BulkAction } from "@/lib/queries/review-types.ts";
import { Kbd } from "./kbd.tsx";

export type BulkToolbarProps = {
  selected: number;
  /** Items matching the filters, from the counts endpoint (null while unknown). */
  matching: number | null;
  filtered: boolean;
  onSelection: (action: BulkAction) => void;
  onMatching: (action: BulkAction) => void;
  onClear: () => void;
};

/**
 * Bulk actions: over the items ticked (x), or over everything the filters match. Set apart from
 * the one-change actions beside the diff: in a box of their own headed "Bulk", each label says
 * how many it covers and ends in "…" (a dry run and a confirmation follow; large batches ask for
 * a typed phrase, bulk-dialog.tsx).
 */
export function BulkToolbar({ selected, matching, filtered, onSelection, onMatching, onClear }: BulkToolbarProps) {
  const everything = filtered ? "matching" : "in the inbox";
  return (
    <div
      role="group"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-600"
      data-testid="bulk-toolbar"
    >
      <span className="rounded bg-slate-200 px-1.5 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wide text-slate-700">Bulk</span>
      {selected > 0 ? (
        <>
          <span>
            <strong>{selected}</strong> selected
          </span>
          <Button size="sm" onClick={() => onSelection("approve")} title="Shift+A">
            Approve {selected.toLocaleString()} selected… <Kbd>A</Kbd>
          </Button>
          <Button size="sm" variant="danger-quiet" onClick={() => onSelection("revert")}>
            Revert {selected.toLocaleString()} selected…
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <span>
            Tick changes with <Kbd>x</Kbd>, or act on all {matching === null ? "" : <strong>{matching.toLocaleString()}</strong>} {everything}:
          </span>
          <Button size="sm" variant="secondary" disabled={!matching} onClick={() => onMatching("approve")} title="Shift+A">
            Approve all {everything}… <Kbd>A</Kbd>
          </Button>
          <Button size="sm" variant="danger-quiet" disabled={!matching} onClick={() => onMatching("revert")}>
            Revert all {everything}…
          </Button>
        </>
      )}
    </div>
  );
}
