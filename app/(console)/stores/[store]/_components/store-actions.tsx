"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { useState } from "react";
import { ReviewCount } from "@/components/review/review-count.tsx";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { ConnectAgentDialog } from "@/components/stores/connect-agent-dialog.tsx";
import { ArchiveStoreDialog, DeleteStoreDialog, EditStoreDialog } from "@/components/stores/store-dialogs.tsx";
import { DownloadMenu } from "@/components/transfer/download-menu.tsx";
import { ImportEntry } from "@/components/transfer/import-entry.tsx";
import { Button } from "@/components/ui/button.tsx";
import type { Store } from "@/lib/queries/types.ts";

export type StoreActionsProps = { store: Store; onNewMemory: () => void };

/** The store page's header buttons, by role; an archived store offers no edits. */
export function StoreActions({ store, onNewMemory }: StoreActionsProps) {
  const { canWrite, isAdmin } = usePermissions();
  const [dialog, setDialog] = useState<"edit" | "archive" | "delete" | "connect" | null>(null);
  const close = () => setDialog(null);
  const live = !store.archived_at;
  return (
    <>
      <PrefetchLink
        href={`/stores/${store.id}/review`}
        data-testid="store-review-link"
        className="flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
      >
        Review inbox
        <ReviewCount storeId={store.id} />
      </PrefetchLink>
      <PrefetchLink href={`/stores/${store.id}/versions`} className="rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
        History
      </PrefetchLink>
      <DownloadMenu storeId={store.id} />
      <Button variant="secondary" onClick={() => setDialog("connect")} data-testid="connect-agent">
        Connect an agent
      </Button>
      {canWrite && live && <ImportEntry target={{ storeId: store.id, storeName: store.name }} label="Import files" />}
      {canWrite && live && <Button onClick={onNewMemory}>New memory</Button>}
      {canWrite && live && (
        <Button variant="secondary" onClick={() => setDialog("edit")}>
          Edit store
        </Button>
      )}
      {isAdmin && live && (
        <Button variant="secondary" onClick={() => setDialog("archive")}>
          Archive
        </Button>
      )}
      {isAdmin && (
        <Button variant="danger-quiet" onClick={() => setDialog("delete")}>
          Delete
        </Button>
      )}
      {dialog === "connect" && <ConnectAgentDialog store={store} open onClose={close} />}
      {dialog === "edit" && <EditStoreDialog store={store} open onClose={close} />}
      {dialog === "archive" && <ArchiveStoreDialog store={store} open onClose={close} />}
      {dialog === "delete" && <DeleteStoreDialog store={store} open onClose={close} redirectTo="/stores" />}
    </>
  );
}
