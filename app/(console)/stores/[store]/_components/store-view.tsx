"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { usePrefetchQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CreateMemoryDialog } from "@/components/memories/create-memory-dialog.tsx";
import { MemoryTree } from "@/components/memories/memory-tree.tsx";
import { PathBreadcrumbs } from "@/components/memories/path-breadcrumbs.tsx";
import { PathFilter } from "@/components/memories/path-filter.tsx";
import { QuickOpen } from "@/components/memories/quick-open.tsx";
import { AsOfBanner, AsOfPicker } from "@/components/stores/as-of-control.tsx";
import { RestoreToMoment, StoreTimeStrip } from "@/components/time-travel/store-time-controls.tsx";
import { ArchivedBanner, StoreNotFound } from "@/components/stores/store-notices.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Card } from "@/components/ui/card.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";
import type { Memory } from "@/lib/queries/types.ts";
import { folderOf, folderQuery } from "@/lib/queries/page-queries.ts";
import { useMemory } from "@/lib/queries/use-memories.ts";
import { useStore } from "@/lib/queries/use-stores.ts";
import { MemoryView } from "../memories/[memory]/_components/memory-view.tsx";
import { NarrowMore, StoreActions } from "./store-actions.tsx";
import { StoreHeader } from "./store-header.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type StoreViewProps = { storeId: string };

export function StoreView({ storeId }: StoreViewProps) {
  const store = useStore(storeId);
  const search = useSearchParams();
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const root = folderOf(search.get("prefix"));
  // `?as_of=`: the tree as it was then, read-only (GET /v1/point_in_time/…).
  const asOf = search.get("as_of");
  // The tree's first level loads together with the store, not after it.
  usePrefetchQuery(folderQuery(storeId, root, null, asOf));
  const nameFilter = search.get("name") ?? "";
  // The memory open beside the tree (a file browser): in the URL, so reload, Back and links keep it.
  const openId = search.get("memory");
  const openMemory = useMemory(storeId, openId ?? "", { enabled: openId !== null });
  usePageTitle([openId ? openMemory.data?.path : null, store.data?.name]);
  const [creating, setCreating] = useState(false);
  // Below md the store's settings, most actions and the time controls wait behind "More": the tree comes first on a phone.
  const [more, setMore] = useState(false);
  const narrowHidden = more ? "" : "max-md:hidden";
  const [created, setCreated] = useState<Memory | null>(null);

  const href = (prefix: string, name: string, memory: string | null, at: string | null = asOf) => {
    const params = new URLSearchParams();
    if (prefix !== "/") params.set("prefix", prefix);
    if (name) params.set("name", name);
    if (memory) params.set("memory", memory);
    if (at) params.set("as_of", at);
    return params.size ? `${pathname}?${params}` : pathname;
  };
  const go = (prefix: string, name: string, at: string | null = asOf) => router.push(href(prefix, name, at ? null : openId, at));
  const memoryHref = (memoryId: string) => href(root, nameFilter, memoryId);
  const closeHref = href(root, nameFilter, null);
  const nowHref = href(root, "", null, null);
  // Quick open keeps the folder shown when the memory is in it.
  const quickOpenHref = (memory: { id: string; path: string }) => href(memory.path.startsWith(root) ? root : "/", "", memory.id, null);

  if (store.isLoading) return <Spinner label="Loading store…" />;
  if (store.error instanceof ApiError && store.error.status === 404) return <StoreNotFound message={store.error.message} />;
  if (store.error || !store.data) return <ErrorAlert error={store.error ?? new Error("Nothing came back.")} title="Could not load this store" />;
  const data = store.data;

  return (
    <>
      {/* On a phone an open memory takes the whole page: the store's header returns with the tree. */}
      <div className={openId ? "hidden lg:block" : undefined}>
        <StoreHeader
          store={data}
          asOf={asOf}
          narrowHidden={narrowHidden}
          actions={
            <>
              {!asOf && <StoreActions store={data} onNewMemory={() => setCreating(true)} narrowHidden={narrowHidden} />}
              <NarrowMore
                open={more}
                onToggle={() => setMore(!more)}
                controls={asOf ? "store-settings store-time" : "store-settings store-more-actions store-time"}
              />
            </>
          }
        />
      </div>
      {/* Also on a phone with a memory open (the pane shows none of its own); on a phone behind "More", so the tree comes first. */}
      <div id="store-time" className={narrowHidden}>
        <div className={openId ? "mb-3 hidden justify-end lg:flex" : "mb-3 flex justify-end"}>
          <AsOfPicker key={asOf ?? "now"} asOf={asOf} onPick={(at) => go(root, nameFilter, at)} />
        </div>
        {/* The activity strip: a bar opens the store as of then. */}
        <div className={openId ? "hidden lg:block" : undefined}>
          <StoreTimeStrip storeId={storeId} asOf={asOf} hrefAt={(at) => href(root, "", null, at)} />
        </div>
      </div>
      {asOf && (
        <AsOfBanner asOf={asOf} nowHref={nowHref}>
          {!data.archived_at && <RestoreToMoment storeId={storeId} asOf={asOf} folder={root} />}
        </AsOfBanner>
      )}
      {data.archived_at && <ArchivedBanner archivedAt={data.archived_at} />}
      {created && (
        <div className="mb-4">
          <Alert tone="success">
            Created <span className="font-mono">{created.path}</span>.{" "}
            <Link href={`/stores/${storeId}/memories/${created.id}`} className="font-medium underline">
              Open it
            </Link>
          </Alert>
        </div>
      )}
      <div className={openId ? "lg:flex lg:items-start lg:gap-6" : undefined}>
        {/* With a memory open: beside it from lg up (resizable), replaced by it below. */}
        <div
          className={openId ? "hidden min-w-0 lg:block lg:w-96 lg:min-w-64 lg:max-w-[50%] lg:shrink-0 lg:resize-x lg:overflow-hidden" : undefined}
          data-testid="tree-pane"
        >
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <PathBreadcrumbs storeId={storeId} storeName={data.name} path={root} />
            <div className="flex flex-wrap items-center gap-2">
              <PathFilter key={root + "|" + nameFilter} root={root} nameFilter={nameFilter} onApply={go} />
              {!asOf && <QuickOpen storeId={storeId} hrefFor={quickOpenHref} />}
            </div>
          </div>
          {nameFilter && (
            <p className="mb-2 text-xs text-slate-500">
              Showing the entries of <span className="font-mono">{root}</span> whose name starts with “{nameFilter}” (case-sensitive). Folders are listed from
              the server page by page as you scroll; the filter never downloads the whole store.
            </p>
          )}
          <Card>
            <MemoryTree
              key={`${root}|${asOf ?? ""}`}
              storeId={storeId}
              root={root}
              nameFilter={nameFilter}
              asOf={asOf}
              memoryHref={asOf ? undefined : memoryHref}
              opensInPlace
              selectedId={openId}
              revealPath={openId && openMemory.data?.id === openId ? openMemory.data.path : null}
            />
          </Card>
        </div>
        {openId && (
          <section aria-label="Open memory" className="min-w-0 flex-1" data-testid="memory-pane">
            <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <Link href={closeHref} scroll={false} className="font-medium text-indigo-700 hover:underline lg:hidden" data-testid="memory-pane-back">
                ← Back to the tree
              </Link>
              <Link href={closeHref} scroll={false} className="hidden text-slate-600 hover:text-slate-900 hover:underline lg:inline">
                Close
              </Link>
              <Link href={`/stores/${storeId}/memories/${openId}`} className="ml-auto text-slate-600 hover:text-slate-900 hover:underline">
                Open as a page
              </Link>
            </div>
            <MemoryView key={openId} storeId={storeId} memoryId={openId} inPane />
          </section>
        )}
      </div>
      {creating && (
        <CreateMemoryDialog
          storeId={storeId}
          folder={root}
          open
          onClose={() => setCreating(false)}
          onCreated={(memory) => {
            setCreating(false);
            setCreated(memory);
          }}
        />
      )}
    </>
  );
}
