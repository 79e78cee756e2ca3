"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useBulkDeletion } from "@/lib/queries/use-bulk-deletions.ts";
import { BULK_OUTCOME_LABEL, BULK_STATUS_LABEL, BULK_STATUS_TONE, describeFilter } from "./bulk-labels.ts";

/** One bulk delete report: who and when, the filter, counts, and every memory or store it saw; downloadable as JSON and CSV. */
export function BulkDeletionReport({ id }: { id: string }) {
  const query = useBulkDeletion(id);
  if (query.isLoading) return <Spinner />;
  if (query.error || !query.data) return <Alert title="Could not load this bulk delete">{query.error?.message}</Alert>;
  const b = query.data;
  const download = (format: "json" | "csv") => `/v1/bulk_deletions/${encodeURIComponent(b.id)}?format=${format}`;
  const items = b.items ?? [];
  const left = items.filter((i) => i.outcome === "changed" || i.outcome === "left").length;
  const deleted = items.filter((i) => i.outcome === "deleted").length;
  return (
    <>
      <PageHeader
        title={<span className="font-mono">{b.id}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={BULK_STATUS_TONE[b.status]}>{BULK_STATUS_LABEL[b.status]}</Badge>
            <span>
              dry run {formatDateTime(b.created_at)} by <ActorLabel actor={b.created_by} />
              {b.executed_at && (
                <>
                  {" "}
                  · deleted {formatDateTime(b.executed_at)} by <ActorLabel actor={b.executed_by} />
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
        <p>
          Filter: {describeFilter(b)} · digest <span className="font-mono text-xs">{b.digest.slice(0, 16)}…</span>
        </p>
        <dl aria-label="Counts" className="flex flex-wrap gap-6">
          <div>
            <dt className="text-xs uppercase text-slate-500">Matched at the dry run</dt>
            <dd className="text-slate-900">
              {b.counts.before} {b.target}
              {b.target === "stores" && ` (${b.counts.memories_before} memories)`}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase text-slate-500">Deleted</dt>
            <dd className="text-slate-900">{b.status === "completed" ? deleted : "—"}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase text-slate-500">Matching afterwards</dt>
            <dd className="text-slate-900">{b.counts.after === null ? "—" : `${b.counts.after} ${b.target}`}</dd>
          </div>
        </dl>
        {left > 0 && (
          <Alert tone="warning" title="Changed or added after the dry run">
            {left} item(s) changed or matched after the dry run and were left as they are. Run a new dry run to delete them.
          </Alert>
        )}
      </div>
      <Card>
        <Table dense columns={[b.target === "memories" ? "Memory" : "Store", "Id", "What happened"]}>
          {items.map((item) => (
            <Row key={item.id}>
              <Cell className="font-mono text-xs">
                {item.outcome === "deleted" || b.target === "memories" ? (
                  item.label
                ) : (
                  <Link prefetch={false} href={`/stores/${item.memory_store_id}`} className="text-indigo-700 hover:underline">
                    {item.label}
                  </Link>
                )}
              </Cell>
              <Cell className="font-mono text-xs text-slate-600">{item.id}</Cell>
              <Cell className={item.outcome === "changed" || item.outcome === "left" ? "text-amber-800" : "text-slate-800"}>
                {BULK_OUTCOME_LABEL[item.outcome]}
              </Cell>
            </Row>
          ))}
        </Table>
      </Card>
    </>
  );
}
