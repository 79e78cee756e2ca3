"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { countOf } from "@/components/ui/format.ts";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { TypedConfirmation, useTypedConfirmation } from "@/components/ui/typed-confirmation.tsx";
import type { ImportResult } from "./import-types.ts";

export type ConfirmImportProps = {
  preview: ImportResult;
  busy: boolean;
  /** skipProblems: leave out the files the preview refused and import the rest. */
  onConfirm: (skipProblems: boolean) => void;
  onClose: () => void;
};

/**
 * Under the preview: the files with problems, to fix or to skip; that there is nothing to write;
 * or the typed confirmation (`import N`, N the memories it writes) and the button. Keyed by the
 * preview, so a new preview asks again.
 */
export function ConfirmImport({ preview, busy, onConfirm, onClose }: ConfirmImportProps) {
  const problems = preview.items.filter((i) => i.problem).length;
  const writes = (preview.counts.create ?? 0) + (preview.counts.overwrite ?? 0);
  const confirmation = useTypedConfirmation(`import ${writes}`);
  const [skipping, setSkipping] = useState(false);
  const files = (n: number) => `${n.toLocaleString()} file${n === 1 ? "" : "s"}`;
  if (problems > 0 && !skipping) {
    return (
      <>
        <Alert title={`${files(problems)} cannot be imported`}>
          Fix or remove the files marked above (or choose another conflict mode) and preview again
          {writes > 0 ? `, or skip them and import the other ${files(writes)}: nothing else changes.` : "."}
        </Alert>
        <DialogActions onCancel={onClose} cancelLabel="Close">
          {writes > 0 && (
            <Button variant="secondary" disabled={busy} onClick={() => setSkipping(true)}>
              Skip the {files(problems)} with problems
            </Button>
          )}
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
      {skipping && (
        <Alert tone="warning" title={`${files(problems)} will be left out`}>
          They are listed in the summary with their problem; the import report counts them.{" "}
          <button type="button" className="underline" onClick={() => setSkipping(false)}>
            Fix them instead
          </button>
        </Alert>
      )}
      <TypedConfirmation state={confirmation} id="import-confirm" disabled={busy} hint={<WhatIsWritten preview={preview} writes={writes} />} />
      <DialogActions onCancel={onClose}>
        <Button disabled={!confirmation.confirmed || busy} onClick={() => onConfirm(skipping)}>
          {busy
            ? "Importing…"
            : `Import ${memories(writes)}${preview.with_history ? ` with ${versions(preview.counts.versions ?? 0)}` : ""}${skipping ? `, skip ${problems.toLocaleString()}` : ""}`}
        </Button>
      </DialogActions>
    </>
  );
}

const memories = (n: number) => countOf(n, "memory", "memories");
const versions = (n: number) => countOf(n, "version", "versions");

/**
 * What the import writes and whose name it carries, under the confirmation. Files: one version
 * per memory, the importer's. An export with history: every version it holds, replayed in order;
 * an admin's import keeps the file's authors and times (the server's default for admins,
 * lib/auth/import-attribution.ts), anyone else's is attributed to them. Either way every version
 * is marked imported, by whom.
 */
function WhatIsWritten({ preview, writes }: { preview: ImportResult; writes: number }) {
  const { isAdmin } = usePermissions();
  if (!preview.with_history) return <>One version per memory, attributed to you, in one transaction.</>;
  return (
    <span data-testid="import-history-hint">
      Every version the export holds, replayed in order: {versions(preview.counts.versions ?? 0)}, ending with {memories(writes)}, in one transaction.{" "}
      {isAdmin
        ? "Each keeps the author and time the file names, marked as imported by you."
        : "Each is attributed to you, with the author and time the file names kept beside it."}
    </span>
  );
}
