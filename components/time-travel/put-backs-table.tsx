"use client";

import Link from "next/link";
import { BulkStatusBadge } from "@/components/bulk/bulk-status.tsx";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import type { PutBack } from "@/lib/queries/types.ts";
import { usePutBacks, type PutBackKind } from "@/lib/queries/use-time-travel.ts";

const what = (p: PutBack) =>
  p.type === "restore" ? (
    <>
      {p.path_prefix === "/" ? "the store" : <span className="font-mono">{p.path_prefix}</span>} as of {formatDateTime(p.as_of)}
    </>
  ) : (
    <>
      undo <ActorLabel actor={p.principal} />
    </>
  );

/** Restore or revert reports and dry runs, newest first, like the erasure reports. */
export function PutBacksTable({ kind }: { kind: PutBackKind }) {
  const list = usePutBacks(kind);
  const rows: PutBack[] = list.data?.data ?? [];
  return (
    <Card>
      <QueryState
        isLoading={list.isPending}
        error={list.error}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title={kind === "restores" ? "No restores yet" : "No reverts yet"}>
            {kind === "restores" ? "View a store as of a moment, then “Restore…”." : "Open a store's activity, then “Undo this session”."}
          </EmptyState>
        }
      >
        <Table columns={[kind === "restores" ? "Restore" : "Revert", "Status", "By", "What", { label: "Memories", align: "right" }]}>
          {rows.map((p) => (
            <Row key={p.id} data-testid={`put-back-row-${p.id}`}>
              <Cell>
                <Link href={`/${kind}/${p.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                  {p.id}
                </Link>
                <div className="text-xs text-slate-500">{formatDateTime(p.created_at)}</div>
              </Cell>
              <Cell>
                <BulkStatusBadge status={p.status} />
              </Cell>
              <Cell>
                <ActorLabel actor={p.executed_by ?? p.created_by} />
              </Cell>
              <Cell className="text-slate-600">{what(p)}</Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {p.counts.create + p.counts.modify + p.counts.move + p.counts.delete}
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
