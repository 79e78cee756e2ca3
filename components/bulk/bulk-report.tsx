"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { useShownRows } from "@/components/ui/shown-rows.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import type { lifecycleWire } from "@/lib/http/bulk-wire.ts";
import { BulkStatusBadge, type BulkStatus } from "./bulk-status.tsx";

/** What every bulk operation's report has: its id, status and lifecycle fields (lib/http/bulk-wire.ts). */
export type BulkReportRecord = { id: string; status: BulkStatus; items?: readonly object[] } & Pick<
  ReturnType<typeof lifecycleWire>,
  "created_at" | "created_by" | "executed_at" | "executed_by"
>;

export type BulkReportColumn<Item> = { label: string; cell: (item: Item) => ReactNode; className?: (item: Item) => string };

/** What one operation shows of its report; the rest is the same for every operation. */
export type BulkReportContent<Item> = {
  /** Where its JSON and CSV are downloaded from: `/v1/erasures/<id>` (`?format=` is added). */
  downloadPath: string;
  /** The verb of the execution line: “· erased <when> by <who>”. */
  executed: string;
  /** What was asked for (the text's hash, the filter). */
  summary: ReactNode;
  counts: ReactNode;
  /** What else the act's report says, under its counts (a put-back's exposed sessions). */
  notice?: ReactNode;
  /** Items left for a new dry run (changed or written since): a warning when there are any. */
  left?: { count: number; title: string; text: string };
  columns: readonly BulkReportColumn<Item>[];
  itemKey: (item: Item) => string;
};

/** A report's item (every report is retrieved with its items). */
export type ReportItem<R extends BulkReportRecord> = NonNullable<R["items"]>[number];

export type BulkReportProps<R extends BulkReportRecord> = {
  query: Pick<UseQueryResult<R>, "isLoading" | "error" | "data">;
  /** For the error title: “Could not load this <noun>”. */
  noun: string;
  content: (report: R) => BulkReportContent<ReportItem<R>>;
};

/**
 * One bulk operation's report page (an erase, a bulk delete; next imports, restores and
 * reverts): who planned it and who carried it out, when, what was asked for, the counts, what
 * was left for a new dry run, and every item with what happened to it; downloadable as JSON and
 * CSV.
 */
export function BulkReport<R extends BulkReportRecord>({ query, noun, content }: BulkReportProps<R>) {
  if (query.isLoading) return <Spinner />;
  if (query.error || !query.data) return <ErrorAlert error={query.error ?? new Error("No report.")} title={`Could not load this ${noun}`} />;
  const report = query.data;
  const c = content(report);
  const download = (format: "json" | "csv") => `${c.downloadPath}?format=${format}`;
  return (
    <>
      <PageHeader
        title={<span className="font-mono">{report.id}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <BulkStatusBadge status={report.status} />
            <span>
              dry run {formatDateTime(report.created_at)} by <ActorLabel actor={report.created_by} />
              {report.executed_at && (
                <>
                  {" "}
                  · {c.executed} {formatDateTime(report.executed_at)} by <ActorLabel actor={report.executed_by} />
                </>
              )}
            </span>
          </span>
        }
        actions={
          <>
            <a href={download("json")} download className="text-sm text-indigo-600 hover:underline">
              Download JSON
            </a>
            <a href={download("csv")} download className="text-sm text-indigo-600 hover:underline">
              Download CSV
            </a>
          </>
        }
      />
      <div className="mb-4 space-y-3 text-sm text-slate-600">
        <p>{c.summary}</p>
        {c.counts}
        {c.notice}
        {c.left && c.left.count > 0 && (
          <Alert tone="warning" title={c.left.title}>
            {c.left.text}
          </Alert>
        )}
      </div>
      <Card>
        {/* A phone scrolls the items sideways inside the card; the region takes focus so a keyboard can too. */}
        <div
          role="region"
          aria-label="Items"
          tabIndex={0}
          className="overflow-x-auto rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          <ReportItems items={report.items ?? []} content={c} />
        </div>
      </Card>
    </>
  );
}

function ReportItems<Item>({ items, content }: { items: readonly Item[]; content: BulkReportContent<Item> }) {
  const { rows, more } = useShownRows(items);
  return (
    <>
      <Table dense columns={content.columns.map((column) => column.label)}>
        {rows.map((item) => (
          <Row key={content.itemKey(item)}>
            {content.columns.map((column) => (
              <Cell key={column.label} className={column.className?.(item)}>
                {column.cell(item)}
              </Cell>
            ))}
          </Row>
        ))}
      </Table>
      {more}
    </>
  );
}
