"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Card } from "@/components/ui/card.tsx";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import type { useVersionList } from "@/lib/queries/use-versions.ts";
import { DiffToolbar, type DiffSelection } from "./diff-selection.tsx";
import { LoadMore } from "./load-more.tsx";
import { PreviousDiff } from "./previous-diff.tsx";
import { VersionDiff } from "./version-diff.tsx";

export type VersionListProps = {
  storeId: string;
  list: ReturnType<typeof useVersionList>;
  selection: DiffSelection;
  /** What the empty state says when no version is listed. */
  emptyText: ReactNode;
  /** The VersionTable of the listed versions. */
  children: ReactNode;
};

/** A history's body: the diff toolbar and open diff, then the versions in a card with their loading, error and empty states and "Load more". */
export function VersionList({ storeId, list, selection, emptyText, children }: VersionListProps) {
  // A diff opened from a row far down the table opens above it: bring it into view.
  const diffRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selection.diff) diffRef.current?.scrollIntoView({ block: "nearest" });
  }, [selection.diff]);
  return (
    <>
      <DiffToolbar selection={selection} />
      <div ref={diffRef} className="scroll-mt-4 empty:hidden">
        {selection.diff &&
          ("sides" in selection.diff ? (
            <VersionDiff storeId={storeId} left={selection.diff.sides[0]} right={selection.diff.sides[1]} onClose={selection.closeDiff} />
          ) : (
            <PreviousDiff key={selection.diff.previousOf.id} storeId={storeId} version={selection.diff.previousOf} onClose={selection.closeDiff} />
          ))}
      </div>
      <Card>
        <QueryState
          isLoading={list.isLoading}
          error={list.data ? null : list.error}
          isEmpty={list.versions.length === 0}
          empty={<EmptyState title="No versions to show">{emptyText}</EmptyState>}
        >
          {children}
          <LoadMore query={list} />
        </QueryState>
      </Card>
    </>
  );
}
