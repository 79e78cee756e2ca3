"use client";

import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";
import { useState } from "react";
import { ReviewCount } from "@/components/review/review-count.tsx";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { ConnectAgentDialog } from "@/components/stores/connect-agent-dialog.tsx";
import { ArchiveStoreDialog, DeleteStoreDialog, EditStoreDialog } from "@/components/stores/store-dialogs.tsx";
import { MoveStoreDialog, useMoveTargets } from "@/components/stores/move-store-dialog.tsx";
import { DownloadMenu } from "@/components/transfer/download-menu.tsx";
import { ImportEntry } from "@/components/transfer/import-entry.tsx";
import { Button } from "@/components/ui/button.tsx";
import type { Store } from "@/lib/queries/types.ts";

export type StoreActionsProps = {
  store: Store;
  onNewMemory: () => void;
  /** The class that hides the less frequent actions below `md` until "More" is open (NarrowMore). */
  narrowHidden: string;
};

/**
 * The store page's header buttons, by role; an archived store offers no edits. On a phone the
 * review inbox, the history and New memory stay in reach, the rest waits behind "More".
 */
export function StoreActions({ store, onNewMemory, narrowHidden }: StoreActionsProps) {
  const { canWrite, isAdmin } = usePermissions();
  const [dialog, setDialog] = useState<"edit" | "archive" | "delete" | "connect" | "move" | null>(null);
  const canMove = useMoveTargets().length > 0;
  const close = () => setDialog(null);
  const live = !store.archived_at;
  const later = `contents ${narrowHidden}`;
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
      <div id="store-more-actions" className={later}>
        <DownloadMenu storeId={store.id} />
        <Button variant="secondary" onClick={() => setDialog("connect")} data-testid="connect-agent">
          Connect an agent
        </Button>
        {canWrite && live && <ImportEntry target={{ storeId: store.id, storeName: store.name }} label="Import files" />}
      </div>
      {canWrite && live && <Button onClick={onNewMemory}>New memory</Button>}
      <div className={later}>
        {canWrite && live && (
          <Button variant="secondary" onClick={() => setDialog("edit")}>
            Edit store
          </Button>
        )}
        {isAdmin && canMove && (
          <Button variant="secondary" onClick={() => setDialog("move")}>
            Move
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
      </div>
      {dialog === "connect" && <ConnectAgentDialog store={store} open onClose={close} />}
      {dialog === "edit" && <EditStoreDialog store={store} open onClose={close} />}
      {dialog === "archive" && <ArchiveStoreDialog store={store} open onClose={close} />}
      {dialog === "move" && <MoveStoreDialog store={store} open onClose={close} />}
      {dialog === "delete" && <DeleteStoreDialog store={store} open onClose={close} redirectTo="/stores" />}
    </>
  );
}

export type NarrowMoreProps = { open: boolean; onToggle: () => void; controls: string };

/** Below `md` only: shows or hides what the store page keeps out of a phone's first screen (settings, actions, time controls). */
export function NarrowMore({ open, onToggle, controls }: NarrowMoreProps) {
  return (
    <Button variant="secondary" className="md:hidden" aria-expanded={open} aria-controls={controls} onClick={onToggle} data-testid="store-more">
      More
      <span aria-hidden>{open ? "▴" : "▾"}</span>
    </Button>
  );
}
