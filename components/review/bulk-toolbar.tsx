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

/** Bulk actions: over the items ticked (x), or over everything the filters match. */
export function BulkToolbar({ selected, matching, filtered, onSelection, onMatching, onClear }: BulkToolbarProps) {
  const everything = filtered ? "matching" : "in the inbox";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="bulk-toolbar">
      {selected > 0 ? (
        <>
          <span>
            <strong>{selected}</strong> selected
          </span>
          <Button size="sm" onClick={() => onSelection("approve")} title="Shift+A">
            Approve selected <Kbd>A</Kbd>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onSelection("revert")}>
            Revert selected
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
            Approve all {everything} <Kbd>A</Kbd>
          </Button>
          <Button size="sm" variant="secondary" disabled={!matching} onClick={() => onMatching("revert")}>
            Revert all {everything}
          </Button>
        </>
      )}
    </div>
  );
}
