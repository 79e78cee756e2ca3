"use client";

import Link from "next/link";
import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { CreateStoreDialog } from "@/components/stores/store-dialogs.tsx";
import { StoreActionDialog } from "@/components/stores/store-action-dialog.tsx";
import { StoreFilterForm, useStoreFilter, useStoreListing } from "@/components/stores/store-filter.tsx";
import { StoresTable } from "@/components/stores/stores-table.tsx";
import { ImportEntry } from "@/components/transfer/import-entry.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { isFiltering } from "@/lib/queries/page-queries.ts";

/**
 * The stores list, every store or those matching the filter in the URL. No Suspense boundary
 * (see /review): the rows are server-rendered and must hydrate with the shell, before the nav's
 * review counts can arrive and change what a row shows.
 */
export function StoresPage() {
  const { canWrite, isAdmin } = usePermissions();
  const [acting, setActing] = useState<"archive" | "delete" | null>(null);
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useStoreFilter();
  const stores = useStoreListing(filter);
  const all = stores.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <PageHeader
        title="Memory stores"
        description="Each store holds one agent's (or one team's) memory directory, with the full history of every change."
        actions={
          canWrite && (
            <>
              <Link
                href="/store-batches"
                className="inline-flex items-center justify-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
              >
                Create stores from CSV
              </Link>
              <ImportEntry target={{ newStore: true }} label="New store from files" />
              <Button onClick={() => setCreating(true)}>New store</Button>
            </>
          )
        }
      />
      <StoreFilterForm key={JSON.stringify(filter)} value={filter} onApply={setFilter} />
      {isAdmin && isFiltering(filter) && all.length > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>Every store this filter selects:</span>
          {filter.archived !== "only" && (
            <Button size="sm" variant="secondary" onClick={() => setActing("archive")}>
              Archive these…
            </Button>
          )}
          <Button size="sm" variant="danger-quiet" onClick={() => setActing("delete")}>
            Delete these…
          </Button>
        </div>
      )}
      <Card>
        <QueryState
          isLoading={stores.isLoading}
          error={stores.error}
          isEmpty={all.length === 0}
          empty={
            isFiltering(filter) ? (
              <EmptyState title="No store matches">Change the filters, or clear them.</EmptyState>
            ) : (
              <EmptyState title={filter.archived === "include" ? "No stores yet" : "No active stores"}>
                {canWrite
                  ? "Create one with “New store”, or let an agent create one through the API."
                  : "Stores created through the API or by reviewers appear here."}
              </EmptyState>
            )
          }
        >
          <StoresTable stores={all} sort={{ by: filter.sort, order: filter.order, onSort: (sort, order) => setFilter({ ...filter, sort, order }) }} />
          {stores.hasNextPage && (
            <div className="border-t border-slate-100 p-3 text-center">
              <Button variant="secondary" disabled={stores.isFetchingNextPage} onClick={() => void stores.fetchNextPage()}>
                {stores.isFetchingNextPage ? "Loading…" : `Load more (showing ${all.length})`}
              </Button>
            </div>
          )}
        </QueryState>
      </Card>
      {canWrite && <CreateStoreDialog open={creating} onClose={() => setCreating(false)} />}
      {acting && <StoreActionDialog action={acting} filter={filter} open onClose={() => setActing(null)} />}
    </>
  );
}
