"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useErasure } from "@/lib/queries/use-erasures.ts";
import { ErasureCounts } from "./erasure-counts.tsx";
import { KIND_LABEL, OUTCOME_LABEL, STATUS_LABEL, STATUS_TONE } from "./erasure-labels.ts";

/** One erase report: who and when, the text's hash, counts, and every version it saw or wrote; downloadable as JSON and CSV. */
export function ErasureReport({ erasureId }: { erasureId: string }) {
  const erasure = useErasure(erasureId);
  if (erasure.isLoading) return <Spinner />;
  if (erasure.error || !erasure.data) return <Alert title="Could not load this erasure">{erasure.error?.message}</Alert>;
  const e = erasure.data;
  const download = (format: "json" | "csv") => `/v1/erasures/${encodeURIComponent(e.id)}?format=${format}`;
  const late = (e.items ?? []).filter((i) => i.kind === "late").length;
  return (
    <>
      <PageHeader
        title={<span className="font-mono">{e.id}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONE[e.status]}>{STATUS_LABEL[e.status]}</Badge>
            <span>
              dry run {formatDateTime(e.created_at)} by <ActorLabel actor={e.created_by} />
              {e.executed_at && (
                <>
                  {" "}
                  · erased {formatDateTime(e.executed_at)} by <ActorLabel actor={e.executed_by} />
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
      <div className="mb-4 space-y-3">
        <p className="text-sm text-slate-600">
          Text: SHA-256 <span className="font-mono text-xs">{e.query_sha256}</span> (the text itself is not kept) ·{" "}
          {e.action === "replace" ? (
            <>
              replaced with <span className="font-mono">{e.marker}</span>
            </>
          ) : (
            "memories deleted"
          )}{" "}
          · {e.memory_store_ids ? `${e.memory_store_ids.length} store(s)` : "every store"}
        </p>
        <ErasureCounts erasure={e} />
        {late > 0 && (
          <Alert tone="warning" title="Written after the dry run">
            {late} version(s) holding the text were written after the dry run and were left as they are. Search for the text again and erase it once more.
          </Alert>
        )}
      </div>
      <Card>
        <Table dense columns={["Version", "Memory", "What it was", "What happened"]}>
          {(e.items ?? []).map((item) => (
            <Row key={item.memory_version_id}>
              <Cell>
                <Link
                  prefetch={false}
                  className="font-mono text-xs text-indigo-700 hover:underline"
                  href={`/stores/${item.memory_store_id}/versions/${item.memory_version_id}`}
                >
                  {item.memory_version_id}
                </Link>
              </Cell>
              <Cell className="font-mono text-xs text-slate-600">{item.memory_id}</Cell>
              <Cell className="text-slate-600">{KIND_LABEL[item.kind]}</Cell>
              <Cell className={item.outcome === "left" ? "text-amber-800" : "text-slate-800"}>{OUTCOME_LABEL[item.outcome]}</Cell>
            </Row>
          ))}
        </Table>
      </Card>
    </>
  );
}
