"use client";

import Link from "next/link";
import { BulkStatusBadge } from "@/components/bulk/bulk-status.tsx";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useStoreBatches } from "@/lib/queries/use-store-batches.ts";

/** Store batches and their dry runs, newest first: when, who, the file, rows and stores created. */
export function StoreBatchesTable() {
  const list = useStoreBatches();
  const rows = list.data?.data ?? [];
  return (
    <Card>
      <QueryState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No store batches yet">Pick a CSV above and start with a dry run.</EmptyState>}
      >
        <Table columns={["Batch", "Status", "By", "File", { label: "Rows", align: "right" }, { label: "Created", align: "right" }]}>
          {rows.map((b) => (
            <Row key={b.id} data-testid={`batch-${b.id}`}>
              <Cell>
                <Link href={`/store-batches/${b.id}`} className="break-all font-mono text-xs text-indigo-700 hover:underline">
                  {b.id}
                </Link>
                <div className="text-xs text-slate-500">{formatDateTime(b.created_at)}</div>
              </Cell>
              <Cell>
                <BulkStatusBadge status={b.status} />
              </Cell>
              <Cell>
                <ActorLabel actor={b.executed_by ?? b.created_by} />
              </Cell>
              <Cell className="break-words text-slate-600">{b.source_name ?? "pasted CSV"}</Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {b.counts.rows}
              </Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {b.counts.created ?? "—"}
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
