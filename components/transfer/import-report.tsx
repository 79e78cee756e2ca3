"use client";

import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useImportReport } from "@/lib/queries/use-imports.ts";
import { ImportCounts } from "./import-counts.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { useShownRows } from "@/components/ui/shown-rows.tsx";

const ACTION = { create: "created", overwrite: "overwritten" } as Record<string, string>;

/** One import's report: who imported what into which store, its counts, and every version it wrote, each linked. */
export function ImportReportView({ importId }: { importId: string }) {
  const report = useImportReport(importId);
  const items = useShownRows(report.data?.items ?? []);
  usePageTitle([report.data ? `Import ${report.data.source_name ?? report.data.source}` : "Import"]);
  if (report.isLoading) return <Spinner label="Loading the import report…" />;
  if (report.error || !report.data) return <ErrorAlert error={report.error ?? new Error("Nothing came back.")} title="Could not load this import report" />;
  const r = report.data;
  const store = r.memory_store_id;
  const left = (r.counts.skip ?? 0) + (r.counts.unchanged ?? 0) + (r.counts.refused ?? 0);
  return (
    <div className="space-y-4" data-testid="import-report">
      <PageHeader
        title={`Import ${r.source_name ?? r.source}`}
        description={
          <span>
            <span className="font-mono text-xs">{r.id}</span> · {formatDateTime(r.created_at)} by <ActorLabel actor={r.created_by} /> · {r.source}
            {r.new_store && " into a new store"} · on conflict: {r.on_conflict}
          </span>
        }
        actions={
          <>
            <Link prefetch={false} className="text-sm text-indigo-600 hover:underline" href={`/stores/${store}`}>
              Open the store
            </Link>
            <Link className="text-sm text-indigo-600 hover:underline" href="/imports">
              All imports
            </Link>
          </>
        }
      />
      <Card className="space-y-2 p-4">
        <ImportCounts counts={r.counts} />
        <p className="text-xs text-slate-600">
          {r.memories_written.toLocaleString()} {r.memories_written === 1 ? "memory" : "memories"} and {r.versions_written.toLocaleString()}{" "}
          {r.versions_written === 1 ? "version" : "versions"} written.
          {left > 0 &&
            ` ${left.toLocaleString()} ${left === 1 ? "file was" : "files were"} not written: skipped because the path existed, already the same, or left out for a problem (the import's preview named each problem).`}
        </p>
      </Card>
      <Card>
        <h2 className="px-4 pt-4 text-base font-semibold text-slate-900">What it wrote</h2>
        <Table dense columns={["Memory", "Action", "Version"]}>
          {items.rows.map((item) => (
            <Row key={item.memory_version_id} data-testid={`import-item-${item.memory_id}`}>
              <Cell>
                <Link prefetch={false} className="font-mono text-xs text-indigo-700 hover:underline" href={`/stores/${store}/memories/${item.memory_id}`}>
                  {item.memory_id}
                </Link>
              </Cell>
              <Cell className="text-slate-700">{ACTION[item.action] ?? item.action}</Cell>
              <Cell>
                <Link
                  prefetch={false}
                  className="font-mono text-xs text-indigo-700 hover:underline"
                  href={`/stores/${store}/versions/${item.memory_version_id}`}
                >
                  {item.memory_version_id}
                </Link>
              </Cell>
            </Row>
          ))}
        </Table>
        {items.more}
      </Card>
    </div>
  );
}
