"use client";

import type { SearchMarks } from "@/components/editor/search-marks.ts";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { StoreNotFound } from "@/components/stores/store-notices.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import { MemoryHistory } from "@/components/versions/memory-history.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";
import { useMemory } from "@/lib/queries/use-memories.ts";
import { useStore } from "@/lib/queries/use-stores.ts";
import { QuickOpen } from "@/components/memories/quick-open.tsx";
import { MemoryEditing } from "./memory-editing.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

// From a memory's own page, quick open shows the chosen memory beside the store's tree.
const besideTheTree = (storeId: string) => (memory: { id: string }) => `/stores/${storeId}?memory=${encodeURIComponent(memory.id)}`;

export type MemoryViewProps = {
  storeId: string;
  memoryId: string;
  searchMarks?: SearchMarks | null;
  /** Shown in the store page's pane: the page around it has quick open and the archived banner. */
  inPane?: boolean;
};

/** Loads the store and the memory by id (so deep links and reloads work), then edits it. */
export function MemoryView({ storeId, memoryId, searchMarks, inPane = false }: MemoryViewProps) {
  const { canWrite } = usePermissions();
  const store = useStore(storeId);
  const memory = useMemory(storeId, memoryId);
  usePageTitle(inPane ? [] : [memory.data?.path, store.data?.name]);

  if (store.isLoading || memory.isLoading) return <Spinner label="Loading memory…" />;
  if (store.error instanceof ApiError && store.error.status === 404) return <StoreNotFound message={store.error.message} />;
  if (store.error || !store.data) return <ErrorAlert error={store.error ?? new Error("Nothing came back.")} title="Could not load this store" />;
  const archived = store.data.archived_at !== null;

  if (memory.error instanceof ApiError && memory.error.status === 404) {
    return (
      <div className="space-y-4">
        <Alert tone="warning" title="This memory does not exist any more">
          <p>{memory.error.message} It was deleted (or the link is wrong). Its history stays in the store: restore a version below to bring it back.</p>
        </Alert>
        <MemoryHistory storeId={storeId} memoryId={memoryId} currentVersionId={null} currentContent={null} canWrite={canWrite} archived={archived} />
      </div>
    );
  }
  if (memory.error || !memory.data) return <ErrorAlert error={memory.error ?? new Error("Nothing came back.")} title="Could not load this memory" />;

  return (
    <>
      <MemoryEditing
        key={memory.data.id}
        store={store.data}
        memory={memory.data}
        editable={canWrite && !archived}
        searchMarks={searchMarks}
        toolbar={!inPane && <QuickOpen storeId={storeId} hrefFor={besideTheTree(storeId)} />}
        archivedBanner={!inPane}
      />
      <section className="mt-8" aria-label="History">
        <h2 className="mb-3 text-base font-semibold text-slate-900">History</h2>
        <MemoryHistory
          storeId={storeId}
          memoryId={memoryId}
          currentVersionId={memory.data.memory_version_id}
          currentContent={memory.data.content ?? null}
          canWrite={canWrite}
          archived={archived}
        />
      </section>
    </>
  );
}
