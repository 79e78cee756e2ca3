"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { orderSides, type DiffSide } from "./version-diff.tsx";

/** Two versions picked with checkboxes (a third pick replaces the older pick), and the diff on show. */
export function useDiffSelection() {
  const [selected, setSelected] = useState<MemoryVersion[]>([]);
  const [diff, setDiff] = useState<[DiffSide, DiffSide] | null>(null);
  return {
    selected,
    selectedIds: selected.map((v) => v.id),
    diff,
    toggle: (version: MemoryVersion) =>
      setSelected((now) => (now.some((v) => v.id === version.id) ? now.filter((v) => v.id !== version.id) : [...now, version].slice(-2))),
    clear: () => setSelected([]),
    openDiff: (a: DiffSide, b: DiffSide) => setDiff(orderSides(a, b)),
    closeDiff: () => setDiff(null),
  };
}

export type DiffSelection = ReturnType<typeof useDiffSelection>;

export function DiffToolbar({ selection }: { selection: DiffSelection }) {
  const [a, b] = selection.selected;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span>
        {selection.selected.length === 0
          ? "Tick two versions to compare them."
          : selection.selected.length === 1
            ? "Tick one more version to compare."
            : "Two versions ticked."}
      </span>
      <Button size="sm" disabled={!a || !b} onClick={() => a && b && selection.openDiff({ kind: "version", version: a }, { kind: "version", version: b })}>
        Compare selected
      </Button>
      {selection.selected.length > 0 && (
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          Clear selection
        </Button>
      )}
    </div>
  );
}
