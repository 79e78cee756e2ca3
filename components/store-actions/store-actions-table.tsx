"use client";

import { BulkStatusBadge } from "@/components/bulk/bulk-status.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Card } from "@/components/ui/card.tsx";
import { countOf, formatBytes } from "@/components/ui/format.ts";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useStoreActions } from "@/lib/queries/use-store-actions.ts";

/** Archivals and deletions together, newest first: when, who (or the lifecycle rule), how many stores, the report to download. */
export function StoreActionsTable() {
  const archivals = useStoreActions("archive");
  const deletions = useStoreActions("delete");
  const rows = [...(archivals.data?.data ?? []), ...(deletions.data?.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Card>
      <QueryState
        isLoading={archivals.isLoading || deletions.isLoading}
        error={archivals.error ?? deletions.error}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No store archivals or deletions yet">Filter the stores page, then archive or delete what it selects.</EmptyState>}
      >
        <Table columns={["Report", "Status", "By", { label: "Stores", align: "right" }, { label: "Size", align: "right" }, "Download"]}>
          {rows.map((r) => {
            const path = `/v1/${r.type === "store_archival" ? "store_archivals" : "store_deletions"}/${r.id}`;
            return (
              <Row key={r.id} data-testid={`store-action-row-${r.id}`}>
                <Cell>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{r.type === "store_archival" ? "Archival" : "Deletion"}</span>
                    {r.origin === "lifecycle" && <Badge tone="indigo">lifecycle rule</Badge>}
                  </div>
                  <div className="font-mono text-xs text-slate-500">{r.id}</div>
                  <div className="text-xs text-slate-500">
                    <LocalTime iso={r.created_at} />
                  </div>
                </Cell>
                <Cell>
                  <BulkStatusBadge status={r.status} />
                </Cell>
                <Cell>
                  <ActorLabel actor={r.executed_by ?? r.created_by} />
                </Cell>
                <Cell align="right" className="whitespace-nowrap tabular-nums">
                  {countOf(r.counts.stores_before, "store", "stores")}
                </Cell>
                <Cell align="right" className="whitespace-nowrap tabular-nums">
                  {formatBytes(r.counts.content_bytes_before)}
                </Cell>
                <Cell className="space-x-2 whitespace-nowrap">
                  <a className="text-indigo-700 hover:underline" href={`${path}?format=csv`}>
                    CSV
                  </a>
                  <a className="text-indigo-700 hover:underline" href={`${path}?format=json`}>
                    JSON
                  </a>
                </Cell>
              </Row>
            );
          })}
        </Table>
      </QueryState>
    </Card>
  );
}
