"use client";

import { Button } from "@/components/ui/button.tsx";
import { Dialog, DialogActions } from "@/components/ui/dialog.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { useRedactVersion } from "@/lib/queries/use-versions.ts";
import { ActorLabel } from "./actor-name.tsx";
import { ImportedNote } from "./imported-note.tsx";
import { MutationError } from "./mutation-error.tsx";
import { formatVersionTime } from "./version-format.ts";

export type RedactDialogProps = { storeId: string; version: MemoryVersion | null; onClose: () => void; onDone: (version: MemoryVersion) => void };

/** Confirms a redaction, which cannot be undone; the API's refusal (e.g. the head version) shows here. */
export function RedactDialog({ storeId, version, onClose, onDone }: RedactDialogProps) {
  const redact = useRedactVersion(storeId);
  const close = () => {
    redact.reset();
    onClose();
  };
  return (
    <Dialog open={version !== null} title="Redact version" onClose={close}>
      {version && (
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            Redact version <span className="font-mono text-xs">{version.id}</span> ({version.operation} on {formatVersionTime(version.created_at)} by{" "}
            <ActorLabel actor={version.created_by} />
            )?
            <ImportedNote version={version} />
          </p>
          <p>
            Its content and path ({version.path ? <span className="font-mono text-xs">{version.path}</span> : "none"}) are erased for good. The version stays in
            the history with who wrote it and when, and who redacted it. <strong>This cannot be undone.</strong>
          </p>
          {redact.error && <MutationError storeId={storeId} error={redact.error} />}
          <DialogActions onCancel={close}>
            <Button
              variant="danger"
              disabled={redact.isPending}
              onClick={() =>
                redact.mutate(version.id, {
                  onSuccess: (redacted) => {
                    redact.reset();
                    onDone(redacted);
                  },
                })
              }
            >
              {redact.isPending ? "Redacting…" : "Redact version"}
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
