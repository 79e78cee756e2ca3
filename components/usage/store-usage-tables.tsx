"use client";

import Link from "next/link";
import { formatBytes } from "@/components/ui/format.ts";
import { EmptyState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import type { StoreUsage } from "@/lib/api-client/wire-types.ts";
import { forecastText, signed, whole } from "./format-usage.ts";

const StoreName = ({ store }: { store: StoreUsage }) => (
  <span className="flex min-w-0 flex-wrap items-center gap-1.5">
    <Link href={`/stores/${store.memory_store_id}`} className="font-medium break-words text-indigo-700 hover:underline">
      {store.name}
    </Link>
    {store.archived && <span className="rounded bg-amber-50 px-1.5 text-xs text-amber-800 ring-1 ring-amber-200">archived</span>}
  </span>
);

/** The stores with the most content. */
export function LargestStores({ stores }: { stores: StoreUsage[] }) {
  if (stores.length === 0) return <EmptyState title="No stores yet" />;
  return (
    <Table columns={["Store", { label: "Content", align: "right" }, { label: "Memories", align: "right" }, { label: "Added in 30 days", align: "right" }]}>
      {stores.map((s) => (
        <Row key={s.memory_store_id} data-testid="largest-store">
          <Cell>
            <StoreName store={s} />
          </Cell>
          <Cell align="right" className="tabular-nums">
            {formatBytes(s.content_bytes)}
          </Cell>
          <Cell align="right" className="tabular-nums">
            {whole(s.memory_count)}
          </Cell>
          <Cell align="right" className="tabular-nums">
            {signed(s.memories_added_30d)}
          </Cell>
        </Row>
      ))}
    </Table>
  );
}

/** The stores that gained the most memories in the last 30 days. */
export function FastestGrowingStores({ stores }: { stores: StoreUsage[] }) {
  if (stores.length === 0) return <EmptyState title="No store grew in the last 30 days" />;
  return (
    <Table
      columns={[
        "Store",
        { label: "Memories added", align: "right" },
        { label: "Bytes added", align: "right" },
        { label: "Writes", align: "right" },
        { label: "Memories now", align: "right" },
      ]}
    >
      {stores.map((s) => (
        <Row key={s.memory_store_id} data-testid="growing-store">
          <Cell>
            <StoreName store={s} />
          </Cell>
          <Cell align="right" className="tabular-nums">
            {signed(s.memories_added_30d)}
          </Cell>
          <Cell align="right" className="tabular-nums">
            {signed(s.content_bytes_added_30d, formatBytes)}
          </Cell>
          <Cell align="right" className="tabular-nums">
            {whole(s.writes_30d)}
          </Cell>
          <Cell align="right" className="tabular-nums">
            {whole(s.memory_count)}
          </Cell>
        </Row>
      ))}
    </Table>
  );
}

/** A store's share of the limit as a bar, with the number beside it for those who cannot see the bar. */
function Fill({ store, limit }: { store: StoreUsage; limit: number }) {
  const tone = store.fill_percent >= 95 ? "bg-red-600" : store.fill_percent >= 90 ? "bg-amber-500" : "bg-indigo-600";
  return (
    <span className="flex items-center justify-end gap-2">
      <span className="tabular-nums">
        {whole(store.memory_count)} of {whole(limit)} ({store.fill_percent}%)
      </span>
      <span className="hidden h-1.5 w-20 overflow-hidden rounded bg-slate-200 sm:inline-block" aria-hidden>
        <span className={`block h-full ${tone}`} style={{ width: `${Math.min(100, store.fill_percent)}%` }} />
      </span>
    </span>
  );
}

export type NearLimitStoresProps = { stores: StoreUsage[]; limit: number; minFillPercent: number };

/** Stores at or above the threshold, fullest first, each with when it fills at its recent rate. */
export function NearLimitStores({ stores, limit, minFillPercent }: NearLimitStoresProps) {
  if (stores.length === 0) {
    return <EmptyState title="No store is near the limit">{`None holds ${minFillPercent}% of the ${whole(limit)} memories a store may hold.`}</EmptyState>;
  }
  return (
    <Table columns={["Store", { label: "Memories", align: "right" }, { label: "Added in 30 days", align: "right" }, "Forecast"]}>
      {stores.map((s) => (
        <Row key={s.memory_store_id} data-testid="near-limit-store">
          <Cell>
            <StoreName store={s} />
          </Cell>
          <Cell align="right">
            <Fill store={s} limit={limit} />
          </Cell>
          <Cell align="right" className="tabular-nums">
            {signed(s.memories_added_30d)}
          </Cell>
          <Cell className={s.forecast_full_in_days !== null && s.forecast_full_in_days <= 30 ? "font-medium text-red-700" : "text-slate-700"}>
            {forecastText(s.forecast_full_in_days)}
          </Cell>
        </Row>
      ))}
    </Table>
  );
}
