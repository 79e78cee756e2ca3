"use client";

import Link from "next/link";
import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { BulkStatusBadge } from "@/components/bulk/bulk-status.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { useStore } from "@/lib/queries/use-stores.ts";
import { useReviewBatches, type ReviewBatch } from "@/lib/queries/use-review-batches.ts";
import { BatchUndoDialog } from "./batch-undo-dialog.tsx";

/**
 * Recorded bulk approves and reverts of the inbox, newest first: who, when, how many, why, and
 * "Undo this batch…" (reviewers and admins) with its dry run; the newest undo's report is linked.
 */
export function ReviewBatches() {
  const list = useReviewBatches();
  const { canWrite } = usePermissions();
  const [undoing, setUndoing] = useState<ReviewBatch | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <Card>
      <QueryState
        isLoading={list.isPending}
        error={list.error}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No bulk actions yet">Approve or revert many changes at once in the review inbox; each bulk action is listed here.</EmptyState>
        }
      >
        <Table columns={["Batch", "Action", "By", { label: "Memories", align: "right" }, "Stores", "Undo"]}>
          {rows.map((batch) => (
            <Row key={batch.id} data-testid={`review-batch-${batch.id}`}>
              <Cell>
                <span className="font-mono text-xs text-slate-700">{batch.id}</span>
                <div className="text-xs text-slate-500">{formatDateTime(batch.created_at)}</div>
                {batch.reason && <div className="text-xs text-slate-600">“{batch.reason}”</div>}
              </Cell>
              <Cell>
                <Badge tone={batch.action === "approved" ? "green" : "amber"}>{batch.action === "approved" ? "Bulk approve" : "Bulk revert"}</Badge>
              </Cell>
              <Cell>
                <ActorLabel actor={batch.reviewer} />
              </Cell>
              <Cell align="right" className="text-slate-600">
                {batch.decisions.toLocaleString()}
              </Cell>
              <Cell className="text-slate-600">
                {batch.memory_store_ids.map((id) => (
                  <StoreName key={id} storeId={id} />
                ))}
              </Cell>
              <Cell>
                <div className="flex flex-wrap items-center gap-2">
                  {batch.last_undo && (
                    <Link href={`/review/batches/${batch.last_undo.id}`} className="inline-flex items-center gap-1 text-xs text-indigo-700 hover:underline">
                      <BulkStatusBadge status={batch.last_undo.status} /> {batch.last_undo.status === "completed" ? "undone: report" : "dry run"}
                    </Link>
                  )}
                  {canWrite && (
                    <Button size="sm" variant="danger-quiet" onClick={() => setUndoing(batch)}>
                      Undo this batch…
                    </Button>
                  )}
                </div>
              </Cell>
            </Row>
          ))}
        </Table>
      </QueryState>
      {undoing && <BatchUndoDialog batch={undoing} onClose={() => setUndoing(null)} />}
    </Card>
  );
}

function StoreName({ storeId }: { storeId: string }) {
  const store = useStore(storeId);
  return (
    <Link href={`/stores/${storeId}`} className="mr-2 break-all text-indigo-700 hover:underline">
      {store.data?.name ?? storeId}
    </Link>
  );
}
