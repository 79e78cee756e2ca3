"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { orderSides, type DiffSide } from "./version-diff.tsx";

/** What the history shows as a diff: two sides, or one version against the one before it (looked up when shown). */
export type OpenDiff = { sides: [DiffSide, DiffSide] } | { previousOf: MemoryVersion };

/** Two versions picked with checkboxes (a third pick replaces the older pick), and the diff on show. */
export function useDiffSelection() {
  const [selected, setSelected] = useState<MemoryVersion[]>([]);
  const [diff, setDiff] = useState<OpenDiff | null>(null);
  return {
    selected,
    selectedIds: selected.map((v) => v.id),
    diff,
    toggle: (version: MemoryVersion) =>
      setSelected((now) => (now.some((v) => v.id === version.id) ? now.filter((v) => v.id !== version.id) : [...now, version].slice(-2))),
    clear: () => setSelected([]),
    openDiff: (a: DiffSide, b: DiffSide) => setDiff({ sides: orderSides(a, b) }),
    openPrevious: (version: MemoryVersion) => setDiff({ previousOf: version }),
    closeDiff: () => setDiff(null),
  };
}

export type DiffSelection = ReturnType<typeof useDiffSelection>;

/** Why "Diff with previous" is not possible for a version, or null when it is. */
export function previousDiffReason(v: MemoryVersion): string | null {
  if (v.operation === "created") return "This version created the memory: there is nothing before it.";
  if (v.redacted_at) return "This version was redacted: its content is gone.";
  if (v.operation === "deleted") return "This version records a deletion and has no content.";
  return null;
}

export function DiffToolbar({ selection }: { selection: DiffSelection }) {
  const [a, b] = selection.selected;
  // Versions of two memories compare two different files: allowed, but only on purpose.
  const acrossMemories = !!a && !!b && a.memory_id !== b.memory_id;
  const compare = () => a && b && selection.openDiff({ kind: "version", version: a }, { kind: "version", version: b });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="diff-toolbar">
      <span>
        {selection.selected.length === 0
          ? "Tick two versions to compare them."
          : selection.selected.length === 1
            ? "Tick one more version to compare."
            : acrossMemories
              ? "The two ticked versions belong to different memories."
              : "Two versions ticked."}
      </span>
      {acrossMemories ? (
        <Button size="sm" variant="secondary" onClick={compare}>
          Compare two memories anyway
        </Button>
      ) : (
        <Button size="sm" disabled={!a || !b} onClick={compare}>
          Compare selected
        </Button>
      )}
      {selection.selected.length > 0 && (
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          Clear selection
        </Button>
      )}
    </div>
  );
}
