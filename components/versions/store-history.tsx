"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import { useReviewMarks } from "@/lib/queries/use-reviews.ts";
import { useStore } from "@/lib/queries/use-stores.ts";
import { useHistoryMemory, useVersionList, type VersionFilters } from "@/lib/queries/use-versions.ts";
import { ActionButton } from "./action-button.tsx";
import { previousDiffReason, useDiffSelection } from "./diff-selection.tsx";
import { filtersFromSearchParams, filtersToQueryString } from "./filter-params.ts";
import { MemoryHistory } from "./memory-history.tsx";
import { VersionFilterForm } from "./version-filters.tsx";
import { VersionList } from "./version-list.tsx";
import { VersionTable } from "./version-table.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

/**
 * Store-wide history at /stores/{store}/versions. The filters live in the query string (the API's
 * own parameter names), so the URL is a deep link; with memory_id it becomes that memory's history
 * with diff, restore and redact.
 */
export function StoreHistory({ storeId }: { storeId: string }) {
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const filters = filtersFromSearchParams(new URLSearchParams(search.toString()));
  const store = useStore(storeId);
  usePageTitle(["History", store.data?.name]);
  const apply = (next: VersionFilters) => router.push(`${pathname}${filtersToQueryString(next)}`);
  const { memory_id: memoryId, ...rest } = filters;

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            History{store.data && <span className="font-normal text-slate-500">· {store.data.name}</span>}
            {store.data?.archived_at && <Badge tone="amber">archived</Badge>}
          </span>
        }
        description={memoryId ? "Versions of one memory: compare, restore or redact them." : "Every change to this store's memories, newest first."}
        actions={
          <Link prefetch={false} className="text-sm text-indigo-600 hover:underline" href={`/stores/${storeId}`}>
            Back to the store
          </Link>
        }
      />
      {store.error && (
        <div className="mb-4">
          <ErrorAlert error={store.error} title="Could not load this store" />
        </div>
      )}
      <Card className="mb-4 p-4">
        <VersionFilterForm key={search.toString()} value={filters} onApply={apply} />
      </Card>
      {memoryId ? (
        store.data ? (
          <MemoryView storeId={storeId} memoryId={memoryId} archived={store.data.archived_at !== null} filters={rest} />
        ) : (
          !store.error && <Spinner />
        )
      ) : (
        <StoreVersions storeId={storeId} filters={filters} />
      )}
    </>
  );
}

function MemoryView({ storeId, memoryId, archived, filters }: { storeId: string; memoryId: string; archived: boolean; filters: VersionFilters }) {
  const { canWrite } = usePermissions();
  const { memory: live, isLoading, error, unknown } = useHistoryMemory(storeId, memoryId);
  if (isLoading) return <Spinner />;
  if (error) return <ErrorAlert error={error} title="Could not load this memory" />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Memory <span className="font-mono text-xs">{memoryId}</span>
        {live ? (
          <>
            {" "}
            at <span className="font-mono text-xs text-slate-900">{live.path}</span> ·{" "}
            <Link prefetch={false} className="text-indigo-600 hover:underline" href={`/stores/${storeId}/memories/${memoryId}`}>
              open the memory
            </Link>
          </>
        ) : unknown ? (
          " has no versions in this store (wrong id, or its history was pruned)."
        ) : (
          " (deleted)"
        )}
      </p>
      <MemoryHistory
        storeId={storeId}
        memoryId={memoryId}
        currentVersionId={live?.memory_version_id ?? null}
        currentContent={live?.content ?? null}
        canWrite={canWrite}
        archived={archived}
        filters={filters}
      />
    </div>
  );
}

function StoreVersions({ storeId, filters }: { storeId: string; filters: VersionFilters }) {
  const list = useVersionList(storeId, filters);
  const selection = useDiffSelection();
  const marks = useReviewMarks(
    storeId,
    list.versions.map((v) => v.id),
  );
  const filtered = Object.keys(filters).length > 0;
  return (
    <div className="space-y-3">
      <VersionList
        storeId={storeId}
        list={list}
        selection={selection}
        emptyText={filtered ? "No version matches these filters." : "Nothing has been written to this store yet (or its versions were pruned)."}
      >
        <VersionTable
          storeId={storeId}
          versions={list.versions}
          showMemory
          selected={selection.selectedIds}
          onToggleSelect={selection.toggle}
          marks={marks}
          actions={(version) => (
            <ActionButton onClick={() => selection.openPrevious(version)} disabledReason={previousDiffReason(version)}>
              Diff with previous
            </ActionButton>
          )}
        />
      </VersionList>
    </div>
  );
}
