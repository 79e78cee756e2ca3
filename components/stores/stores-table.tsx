"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { useState } from "react";
import { StoreReviewLink } from "@/components/review/review-count.tsx";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LocalTime, useHydrated } from "@/components/ui/local-time.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import type { Store } from "@/lib/queries/types.ts";
import { ArchiveStoreDialog, DeleteStoreDialog, EditStoreDialog } from "./store-dialogs.tsx";

export type StoresTableProps = { stores: Store[] };

type Action = { kind: "edit" | "archive" | "delete"; store: Store } | null;

/**
 * "Updated": the store's last change of any kind, a memory write (the `last_memory_write_at`
 * extension) or an edit of the store itself (`updated_at`, which by the spec ignores memories).
 */
function lastChange(store: Pick<Store, "updated_at" | "last_memory_write_at">): string {
  const memoryWrite = store.last_memory_write_at;
  return memoryWrite && Date.parse(memoryWrite) > Date.parse(store.updated_at) ? memoryWrite : store.updated_at;
}

/** Stores with their counts (memories, changes awaiting review) and dates; row actions follow the role (edit: reviewers; archive, delete: admins). */
export function StoresTable({ stores }: StoresTableProps) {
  const { canWrite, isAdmin } = usePermissions();
  const hydrated = useHydrated();
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);
  return (
    <>
      <Table columns={["Name", { label: "Memories", align: "right" }, { label: "To review", align: "right" }, "Created", "Updated", ""]}>
        {stores.map((store) => (
          <Row key={store.id} className="align-top" data-testid={`store-row-${store.name}`}>
            <Cell className="max-w-md">
              <div className="flex items-center gap-2">
                <PrefetchLink href={`/stores/${store.id}`} className="font-medium text-indigo-700 hover:underline">
                  {store.name}
                </PrefetchLink>
                {store.archived_at && (
                  <Badge tone="amber" title={`Archived ${hydrated ? formatDateTime(store.archived_at) : store.archived_at}`}>
                    archived
                  </Badge>
                )}
              </div>
              {store.description && <p className="mt-0.5 line-clamp-2 text-slate-600">{store.description}</p>}
              <div className="font-mono text-xs text-slate-500">{store.id}</div>
            </Cell>
            <Cell align="right" className="tabular-nums">
              {store.memory_count.toLocaleString("en-US")}
            </Cell>
            <Cell align="right">
              <StoreReviewLink storeId={store.id} />
            </Cell>
            <Cell className="whitespace-nowrap text-slate-600">
              <LocalTime iso={store.created_at} />
            </Cell>
            <Cell className="whitespace-nowrap text-slate-600" data-testid="store-updated">
              <LocalTime iso={lastChange(store)} />
            </Cell>
            <Cell align="right" className="space-x-1 whitespace-nowrap">
              {canWrite && !store.archived_at && (
                <Button size="sm" variant="secondary" onClick={() => setAction({ kind: "edit", store })}>
                  Edit
                </Button>
              )}
              {isAdmin && !store.archived_at && (
                <Button size="sm" variant="secondary" onClick={() => setAction({ kind: "archive", store })}>
                  Archive
                </Button>
              )}
              {isAdmin && (
                <Button size="sm" variant="danger-quiet" onClick={() => setAction({ kind: "delete", store })}>
                  Delete
                </Button>
              )}
            </Cell>
          </Row>
        ))}
      </Table>
      {action?.kind === "edit" && <EditStoreDialog store={action.store} open onClose={close} />}
      {action?.kind === "archive" && <ArchiveStoreDialog store={action.store} open onClose={close} />}
      {action?.kind === "delete" && <DeleteStoreDialog store={action.store} open onClose={close} />}
    </>
  );
}
