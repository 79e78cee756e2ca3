"use client";

import Link from "next/link";
import { BulkStatusBadge } from "@/components/bulk/bulk-status.tsx";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useErasures } from "@/lib/queries/use-erasures.ts";

/** The erase reports, newest first: when, who, what was found before and what still held the text after. */
export function ErasuresTable() {
  const erasures = useErasures();
  const rows = erasures.data?.data ?? [];
  return (
    <Card>
      <QueryState
        isLoading={erasures.isLoading}
        error={erasures.error}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No erasures yet">Search for exact text, then “Erase this text…”.</EmptyState>}
      >
        <Table columns={["Erasure", "Status", "By", "Action", { label: "Before", align: "right" }, { label: "After", align: "right" }]}>
          {rows.map((e) => (
            <Row key={e.id} data-testid={`erasure-row-${e.id}`}>
              <Cell>
                <Link href={`/erasures/${e.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                  {e.id}
                </Link>
                <div className="text-xs text-slate-500">
                  {formatDateTime(e.created_at)} · sha256 <span className="font-mono">{e.query_sha256.slice(0, 12)}…</span>
                </div>
              </Cell>
              <Cell>
                <BulkStatusBadge status={e.status} />
              </Cell>
              <Cell>
                <ActorLabel actor={e.executed_by ?? e.created_by} />
              </Cell>
              <Cell className="text-slate-600">{e.action === "replace" ? `replace with ${e.marker}` : "delete"}</Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {e.counts.memories_before} memories · {e.counts.versions_before} versions
              </Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {e.counts.versions_after === null ? "—" : `${e.counts.memories_after} memories · ${e.counts.versions_after} versions`}
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
