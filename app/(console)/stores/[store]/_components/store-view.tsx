"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { usePrefetchQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CreateMemoryDialog } from "@/components/memories/create-memory-dialog.tsx";
import { MemoryTree } from "@/components/memories/memory-tree.tsx";
import { PathBreadcrumbs } from "@/components/memories/path-breadcrumbs.tsx";
import { PathFilter } from "@/components/memories/path-filter.tsx";
import { ReviewSettingControl } from "@/components/review/review-setting.tsx";
import { AsOfBanner, AsOfPicker } from "@/components/stores/as-of-control.tsx";
import { ArchivedBanner, StoreNotFound } from "@/components/stores/store-notices.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";
import type { Memory } from "@/lib/queries/types.ts";
import { folderOf, folderQuery } from "@/lib/queries/page-queries.ts";
import { useStore } from "@/lib/queries/use-stores.ts";
import { StoreActions } from "./store-actions.tsx";

export type StoreViewProps = { storeId: string };

export function StoreView({ storeId }: StoreViewProps) {
  const store = useStore(storeId);
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const root = folderOf(search.get("prefix"));
  // `?as_of=`: the tree as it was then, read-only (GET /v1/point_in_time/…).
  const asOf = search.get("as_of");
  // The tree's first level loads together with the store, not after it.
  usePrefetchQuery(folderQuery(storeId, root, null, asOf));
  const nameFilter = search.get("name") ?? "";
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Memory | null>(null);

  const go = (prefix: string, name: string, at: string | null = asOf) => {
    const params = new URLSearchParams();
    if (prefix !== "/") params.set("prefix", prefix);
    if (name) params.set("name", name);
    if (at) params.set("as_of", at);
    router.push(params.size ? `${pathname}?${params}` : pathname);
  };
  const nowHref = root === "/" ? pathname : `${pathname}?prefix=${encodeURIComponent(root)}`;

  if (store.isLoading) return <Spinner label="Loading store…" />;
  if (store.error instanceof ApiError && store.error.status === 404) return <StoreNotFound message={store.error.message} />;
  if (store.error || !store.data) return <Alert title="Could not load this store">{store.error?.message}</Alert>;
  const data = store.data;

  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {data.name}
            {data.archived_at && <Badge tone="amber">archived</Badge>}
          </span>
        }
        description={
          <>
            {data.description && <p>{data.description}</p>}
            <p className="text-xs text-slate-500">
              <span className="font-mono">{data.id}</span> · {data.memory_count.toLocaleString("en-US")} {data.memory_count === 1 ? "memory" : "memories"}
              {Object.entries(data.metadata).map(([key, value]) => (
                <span key={key} className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono">
                  {key}={value}
                </span>
              ))}
            </p>
            <div className="mt-1 text-xs">
              <ReviewSettingControl storeId={storeId} />
            </div>
          </>
        }
        actions={asOf ? null : <StoreActions store={data} onNewMemory={() => setCreating(true)} />}
      />
      <div className="mb-3 flex justify-end">
        <AsOfPicker key={asOf ?? "now"} asOf={asOf} onPick={(at) => go(root, nameFilter, at)} />
      </div>
      {asOf && <AsOfBanner asOf={asOf} nowHref={nowHref} />}
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
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <PathBreadcrumbs storeId={storeId} storeName={data.name} path={root} />
        <PathFilter key={root + "|" + nameFilter} root={root} nameFilter={nameFilter} onApply={go} />
      </div>
      {nameFilter && (
        <p className="mb-2 text-xs text-slate-500">
          Showing the entries of <span className="font-mono">{root}</span> whose name starts with “{nameFilter}” (case-sensitive). Folders are listed from the
          server page by page as you scroll; the filter never downloads the whole store.
        </p>
      )}
      <Card>
        <MemoryTree key={`${root}|${asOf ?? ""}`} storeId={storeId} root={root} nameFilter={nameFilter} asOf={asOf} />
      </Card>
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
