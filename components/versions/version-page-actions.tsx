"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { useHistoryMemory, type RestoreResult } from "@/lib/queries/use-versions.ts";
import { ActionButton } from "./action-button.tsx";
import { previousDiffReason } from "./diff-selection.tsx";
import { PreviousDiff } from "./previous-diff.tsx";
import { RestoreDialog } from "./restore-dialog.tsx";
import { actionReasons } from "./version-actions.tsx";
import { VersionDiff } from "./version-diff.tsx";

export type VersionPageActionsProps = { storeId: string; version: MemoryVersion; archived: boolean };

/** On one version's page: what this write changed (diff with previous), how it differs from now, and restoring it. */
export function VersionPageActions({ storeId, version, archived }: VersionPageActionsProps) {
  const { canWrite } = usePermissions();
  const live = useHistoryMemory(storeId, version.memory_id);
  const [diff, setDiff] = useState<"previous" | "current" | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);
  const memory = live.memory;
  const head = memory ? { id: memory.memory_version_id, sha: memory.content_sha256, path: memory.path } : null;
  const reasons = live.isLoading ? { diffCurrent: "Loading the memory…", restore: "Loading the memory…" } : actionReasons({ version, head, archived });

  const restored = (result: RestoreResult) => {
    setRestoring(false);
    setNotice(
      result.kind === "unchanged" ? (
        <Alert tone="info">The memory already had this content: nothing changed.</Alert>
      ) : (
        <Alert tone="success" title={result.kind === "recreated" ? "Memory re-created" : "Version restored"}>
          The memory now has this version&apos;s content as version <span className="font-mono text-xs">{result.memory.memory_version_id}</span>.{" "}
          <Link prefetch={false} className="font-medium underline" href={`/stores/${storeId}/memories/${result.memory.id}`}>
            Open the memory
          </Link>
        </Alert>
      ),
    );
  };

  return (
    <div className="space-y-3" data-testid="version-page-actions">
      <div className="flex flex-wrap gap-2">
        <ActionButton onClick={() => setDiff("previous")} disabledReason={previousDiffReason(version)}>
          Diff with previous
        </ActionButton>
        <ActionButton onClick={() => setDiff("current")} disabledReason={reasons.diffCurrent}>
          Diff with current
        </ActionButton>
        {canWrite && (
          <ActionButton onClick={() => setRestoring(true)} disabledReason={reasons.restore} showReason>
            Restore this version
          </ActionButton>
        )}
      </div>
      {notice}
      {diff === "previous" && <PreviousDiff storeId={storeId} version={version} onClose={() => setDiff(null)} />}
      {diff === "current" && memory && (
        <VersionDiff
          storeId={storeId}
          left={{ kind: "version", version }}
          right={{ kind: "current", memoryId: memory.id, content: memory.content ?? null, path: memory.path, headVersionId: memory.memory_version_id }}
          onClose={() => setDiff(null)}
        />
      )}
      <RestoreDialog
        storeId={storeId}
        target={
          restoring
            ? { version, headVersionId: head?.id ?? null, currentPath: head?.path ?? null, sameContent: head !== null && head.sha === version.content_sha256 }
            : null
        }
        onClose={() => setRestoring(false)}
        onDone={restored}
      />
    </div>
  );
}
