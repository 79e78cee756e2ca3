"use client";

import Link from "next/link";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useImports } from "@/lib/queries/use-imports.ts";

/** The import reports the viewer may see, newest first: when, who, from what, and how much each wrote. */
export function ImportsTable() {
  const imports = useImports();
  const rows = imports.data?.data ?? [];
  return (
    <Card>
      <QueryState
        isLoading={imports.isLoading}
        error={imports.error}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No imports yet">Import files from a store&apos;s page, or drop a folder on it.</EmptyState>}
      >
        <Table columns={["Import", "By", "Source", { label: "Written", align: "right" }, { label: "Left out", align: "right" }]}>
          {rows.map((r) => (
            <Row key={r.id} data-testid={`import-row-${r.id}`}>
              <Cell>
                <Link href={`/imports/${r.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                  {r.id}
                </Link>
                <div className="text-xs text-slate-500">{formatDateTime(r.created_at)}</div>
              </Cell>
              <Cell>
                <ActorLabel actor={r.created_by} />
              </Cell>
              <Cell className="text-slate-600">
                {r.source_name ?? r.source} <span className="text-xs text-slate-500">({r.source})</span>
              </Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {r.memories_written.toLocaleString()} memories
              </Cell>
              <Cell align="right" className="whitespace-nowrap text-slate-600">
                {((r.counts.skip ?? 0) + (r.counts.refused ?? 0)).toLocaleString()}
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
