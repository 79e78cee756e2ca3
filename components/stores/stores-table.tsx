"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { useState } from "react";
import { StoreReviewLink } from "@/components/review/review-count.tsx";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LocalTime, useHydrated } from "@/components/ui/local-time.tsx";
import { formatBytes, formatDateTime } from "@/components/ui/format.ts";
import { Cell, Row, Table, type TableColumn } from "@/components/ui/table.tsx";
import type { StoreFilter } from "@/lib/queries/page-queries.ts";
import type { Store } from "@/lib/queries/types.ts";
import { ArchiveStoreDialog, DeleteStoreDialog, EditStoreDialog } from "./store-dialogs.tsx";

export type StoresTableProps = {
  stores: Store[];
  /** The listing's sort, and how to change it; without it the headers are plain text. */
  sort?: { by: StoreFilter["sort"]; order: "asc" | "desc" | undefined; onSort(sort: NonNullable<StoreFilter["sort"]>, order: "asc" | "desc"): void };
};

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
export function StoresTable({ stores, sort }: StoresTableProps) {
  const { canWrite, isAdmin } = usePermissions();
  const hydrated = useHydrated();
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);
  return (
    <>
      <Table
        columns={[
          sortable("Name", "name", sort),
          sortable("Memories", "memory_count", sort, "right"),
          sortable("Size", "content_bytes", sort, "right"),
          { label: "To review", align: "right" },
          sortable("Created", "created_at", sort),
          sortable("Updated", "last_memory_write_at", sort),
          "",
        ]}
      >
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
            <Cell align="right" className="whitespace-nowrap tabular-nums" data-testid="store-size">
              {formatBytes(store.content_bytes)}
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

/** The direction a column sorts first: names A to Z, numbers and times largest and latest first. */
const firstOrder = (field: NonNullable<StoreFilter["sort"]>) => (field === "name" ? "asc" : "desc");

/** A header that sorts the listing by its field, and says how it is sorted (aria-sort); a second click turns it round. */
function sortable(label: string, field: NonNullable<StoreFilter["sort"]>, sort: StoresTableProps["sort"], align?: "right"): TableColumn {
  if (!sort) return { label, align };
  const active = sort.by === field || (field === "created_at" && sort.by === undefined);
  const order = active ? (sort.order ?? firstOrder(field)) : undefined;
  const next = order === undefined ? firstOrder(field) : order === "asc" ? "desc" : "asc";
  return {
    label: (
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:text-slate-800"
        aria-label={`Sort by ${label.toLowerCase()}, ${next === "asc" ? "ascending" : "descending"}`}
        onClick={() => sort.onSort(field, next)}
      >
        {label}
        <span aria-hidden="true">{order === "asc" ? "↑" : order === "desc" ? "↓" : ""}</span>
      </button>
    ),
    name: label,
    align,
    sorted: order === undefined ? "none" : order === "asc" ? "ascending" : "descending",
  };
}
