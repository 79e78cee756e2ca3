"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { usePreviousVersion } from "@/lib/queries/use-versions.ts";
import { VersionDiff } from "./version-diff.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type PreviousDiffProps = { storeId: string; version: MemoryVersion; onClose: () => void };

/** A version against the one of its memory just before it: what that write changed. */
export function PreviousDiff({ storeId, version, onClose }: PreviousDiffProps) {
  const previous = usePreviousVersion(storeId, version);
  if (previous.data) {
    return <VersionDiff storeId={storeId} left={{ kind: "version", version: previous.data }} right={{ kind: "version", version }} onClose={onClose} />;
  }
  return (
    <Card className="p-4">
      <section aria-label="Version diff" data-testid="version-diff" className="space-y-3">
        {previous.isPending ? (
          <Spinner label="Finding the version before it…" />
        ) : previous.error ? (
          <ErrorAlert error={previous.error} title="Could not load the version before it" />
        ) : (
          <Alert tone="info" title="No earlier version">
            No version of this memory before <span className="font-mono text-xs">{version.id}</span> is retained: older ones were pruned.
          </Alert>
        )}
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close diff
        </Button>
      </section>
    </Card>
  );
}
