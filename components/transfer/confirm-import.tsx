"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { ImportResult } from "./import-types.ts";

export type ConfirmImportProps = { preview: ImportResult; busy: boolean; onConfirm: () => void; onClose: () => void };

/**
 * Under the preview: why nothing can be imported, that there is nothing to write, or the typed
 * confirmation (`import N`, N the memories it writes) and the button. Keyed by the preview, so a
 * new preview asks again.
 */
export function ConfirmImport({ preview, busy, onConfirm, onClose }: ConfirmImportProps) {
  const problems = preview.items.filter((i) => i.problem).length;
  const writes = (preview.counts.create ?? 0) + (preview.counts.overwrite ?? 0);
  const confirmation = useTypedConfirmation(`import ${writes}`);
  if (problems > 0) {
    return (
      <>
        <Alert title={`${problems} file${problems === 1 ? "" : "s"} cannot be imported`}>
          An import lands whole or not at all: fix or remove the files marked above (or choose another conflict mode), then try again.
        </Alert>
        <DialogActions onCancel={onClose} cancelLabel="Close">
          {null}
        </DialogActions>
      </>
    );
  }
  if (writes === 0) {
    return (
      <DialogActions onCancel={onClose} cancelLabel="Close">
        <span className="self-center text-slate-500">Nothing to write: the store already holds these files.</span>
      </DialogActions>
    );
  }
  return (
    <>
      <TypedConfirmation state={confirmation} id="import-confirm" disabled={busy} hint="One version per memory, attributed to you, in one transaction." />
      <DialogActions onCancel={onClose}>
        <Button disabled={!confirmation.confirmed || busy} onClick={onConfirm}>
          {busy ? "Importing…" : `Import ${writes.toLocaleString()} ${writes === 1 ? "memory" : "memories"}`}
        </Button>
      </DialogActions>
    </>
  );
}
