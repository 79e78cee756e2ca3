"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { Field, Input } from "@/components/ui/field.tsx";
import type { ImportResult } from "./import-types.ts";

export type ConfirmImportProps = { preview: ImportResult; busy: boolean; onConfirm: () => void; onClose: () => void };

/**
 * Under the preview: why nothing can be imported, that there is nothing to write, or the typed
 * confirmation (`import N`, N the memories it writes) and the button. Keyed by the preview, so a
 * new preview asks again.
 */
export function ConfirmImport({ preview, busy, onConfirm, onClose }: ConfirmImportProps) {
  const [typed, setTyped] = useState("");
  const problems = preview.items.filter((i) => i.problem).length;
  const writes = (preview.counts.create ?? 0) + (preview.counts.overwrite ?? 0);
  const phrase = `import ${writes}`;
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
      <Field label={`Type “${phrase}” to confirm`} htmlFor="import-confirm" hint="One version per memory, attributed to you, in one transaction.">
        <Input id="import-confirm" value={typed} disabled={busy} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </Field>
      <DialogActions onCancel={onClose}>
        <Button disabled={typed !== phrase || busy} onClick={onConfirm}>
          {busy ? "Importing…" : `Import ${writes.toLocaleString()} ${writes === 1 ? "memory" : "memories"}`}
        </Button>
      </DialogActions>
    </>
  );
}
