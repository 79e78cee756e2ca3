"use client";

import type { ReactNode } from "react";
import { Card } from "@/components/ui/card.tsx";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import type { useVersionList } from "@/lib/queries/use-versions.ts";
import { DiffToolbar, type DiffSelection } from "./diff-selection.tsx";
import { LoadMore } from "./load-more.tsx";
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
  return (
    <>
      <DiffToolbar selection={selection} />
      {selection.diff && <VersionDiff storeId={storeId} left={selection.diff[0]} right={selection.diff[1]} onClose={selection.closeDiff} />}
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
