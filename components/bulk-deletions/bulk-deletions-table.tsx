"use client";

import Link from "next/link";
import { BulkStatusBadge } from "@/components/bulk/bulk-status.tsx";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useBulkDeletions } from "@/lib/queries/use-bulk-deletions.ts";
import { describeFilter } from "./bulk-labels.ts";

/** Bulk delete reports and dry runs, newest first: when, who, the filter, what matched before and after. */
export function BulkDeletionsTable() {
  const list = useBulkDeletions();
  const rows = list.data?.data ?? [];
  return (
    <Card>
      <QueryState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No bulk deletes yet">Describe what to delete above and start with a dry run.</EmptyState>}
      >
        <Table columns={["Bulk delete", "Status", "By", "Filter", { label: "Before", align: "right" }, { label: "After", align: "right" }]}>
          {rows.map((b) => (
            <Row key={b.id} data-testid={`bulk-row-${b.id}`}>
              <Cell>
                <Link href={`/bulk-deletions/${b.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
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
              <Cell className="text-slate-600">{describeFilter(b)}</Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {b.counts.before} {b.target}
              </Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {b.counts.after === null ? "—" : `${b.counts.after} ${b.target}`}
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
