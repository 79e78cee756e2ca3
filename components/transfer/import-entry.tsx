"use client";

import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ImportDialog, type ImportTarget } from "./import-dialog.tsx";
import { PageDrop } from "./page-drop.tsx";
import type { Picked } from "./picked-files.ts";

export type ImportEntryProps = { target: ImportTarget; label: string };

/**
 * The button that opens the import dialog, and the page as a drop target for the same dialog
 * (a folder or an archive dragged anywhere onto the page).
 */
export function ImportEntry({ target, label }: ImportEntryProps) {
  const [open, setOpen] = useState<{ picked: Picked | null } | null>(null);
  const dropped = useCallback((picked: Picked) => setOpen((current) => current ?? { picked }), []);
  const where = "storeId" in target ? `Drop to import into ${target.storeName}` : "Drop to make a new store from these files";
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen({ picked: null })}>
        {label}
      </Button>
      {!open && <PageDrop label={where} onPicked={dropped} />}
      {open && <ImportDialog target={target} initial={open.picked} onClose={() => setOpen(null)} />}
    </>
  );
}
