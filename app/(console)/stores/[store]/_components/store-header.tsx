"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { ReviewSettingControl } from "@/components/review/review-setting.tsx";
import { IntegrityBadge } from "@/components/stores/integrity-badge.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { PageHeader } from "@/components/ui/card.tsx";
import { countOf, formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import type { Store } from "@/lib/queries/types.ts";
import { useStoreAsOf } from "@/lib/queries/use-stores.ts";

export type StoreHeaderProps = {
  store: Store;
  /** The moment the page shows the store as of (`?as_of=`), or null for now. */
  asOf: string | null;
  /** Below `md`, whether the store's settings (and the rest `narrowHidden` hides) are shown. */
  narrowHidden: string;
  actions: ReactNode;
};

/**
 * The store page's header: name, description, the counts (as of the moment shown, in the as-of
 * view), metadata, and the store's settings. On a phone the metadata and settings wait behind the
 * page's "More" (`narrowHidden`), so the tree starts within the first screen.
 */
export function StoreHeader({ store, asOf, narrowHidden, actions }: StoreHeaderProps) {
  return (
    <PageHeader
      title={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {store.name}
          {store.archived_at && <Badge tone="amber">archived</Badge>}
        </span>
      }
      description={
        <>
          {store.description && <p className="max-md:line-clamp-2">{store.description}</p>}
          <p className="text-xs text-slate-500">
            <span className="font-mono break-all">{store.id}</span> ·{" "}
            {asOf ? <CountsAsOf storeId={store.id} asOf={asOf} /> : <MemoryCount n={store.memory_count} />}
            {Object.entries(store.metadata).map(([key, value]) => (
              <span key={key} className={`ml-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono ${narrowHidden}`}>
                {key}={value}
              </span>
            ))}
          </p>
          <div id="store-settings" className={`mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs ${narrowHidden}`}>
            <ReviewSettingControl storeId={store.id} />
            <Link href={`/stores/${store.id}/policy`} className="text-indigo-700 hover:underline" data-testid="store-policy-link">
              Write policy
            </Link>
            <IntegrityBadge storeId={store.id} />
          </div>
        </>
      }
      actions={actions}
    />
  );
}

const MemoryCount = ({ n }: { n: number }) => <span data-testid="store-memory-count">{countOf(n, "memory", "memories")}</span>;

/** The counts the as-of view's header shows: the memories live at that moment and their size, never today's. */
function CountsAsOf({ storeId, asOf }: { storeId: string; asOf: string }) {
  const then = useStoreAsOf(storeId, asOf);
  if (!then.data) return <span>{then.error ? "counts as of then unavailable" : "counting as of then…"}</span>;
  const { memory_count: count, content_size_bytes: bytes, redacted_memory_count: redacted } = then.data;
  return (
    <span data-testid="store-counts-as-of">
      <MemoryCount n={count} />, <span className="whitespace-nowrap">{formatBytes(bytes)}</span>
      {redacted > 0 && ` (${countOf(redacted, "memory", "memories")} redacted since: size unknown)`} at <LocalTime iso={asOf} />
    </span>
  );
}
