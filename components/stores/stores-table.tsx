"use client";

import Link from "next/link";
import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import type { Store } from "@/lib/queries/types.ts";
import { ArchiveStoreDialog, DeleteStoreDialog, EditStoreDialog } from "./store-dialogs.tsx";

export type StoresTableProps = { stores: Store[] };

type Action = { kind: "edit" | "archive" | "delete"; store: Store } | null;

/** Stores with their counts and dates; row actions follow the role (edit: reviewers; archive, delete: admins). */
export function StoresTable({ stores }: StoresTableProps) {
  const { canWrite, isAdmin } = usePermissions();
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);
  return (
    <>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th className="px-4 py-2">Name</th>
            <th className="px-4 py-2 text-right">Memories</th>
            <th className="px-4 py-2">Created</th>
            <th className="px-4 py-2">Updated</th>
            <th className="px-4 py-2" />
          </tr>
        </thead>
        <tbody>
          {stores.map((store) => (
            <tr key={store.id} className="border-b border-slate-100 align-top last:border-0" data-testid={`store-row-${store.name}`}>
              <td className="max-w-md px-4 py-2">
                <div className="flex items-center gap-2">
                  <Link href={`/stores/${store.id}`} className="font-medium text-indigo-700 hover:underline">
                    {store.name}
                  </Link>
                  {store.archived_at && (
                    <Badge tone="amber" title={`Archived ${formatDateTime(store.archived_at)}`}>
                      archived
                    </Badge>
                  )}
                </div>
                {store.description && <p className="mt-0.5 line-clamp-2 text-slate-600">{store.description}</p>}
                <div className="font-mono text-xs text-slate-400">{store.id}</div>
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{store.memory_count.toLocaleString()}</td>
              <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(store.created_at)}</td>
              <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(store.updated_at)}</td>
              <td className="space-x-1 px-4 py-2 text-right whitespace-nowrap">
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
                  <Button size="sm" variant="danger" onClick={() => setAction({ kind: "delete", store })}>
                    Delete
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {action?.kind === "edit" && <EditStoreDialog store={action.store} open onClose={close} />}
      {action?.kind === "archive" && <ArchiveStoreDialog store={action.store} open onClose={close} />}
      {action?.kind === "delete" && <DeleteStoreDialog store={action.store} open onClose={close} />}
    </>
  );
}
