"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { useReviewMarks } from "@/lib/queries/use-reviews.ts";
import { useVersionList, type RestoreResult, type VersionFilters } from "@/lib/queries/use-versions.ts";
import { RedactDialog } from "./redact-dialog.tsx";
import { RestoreDialog, type RestoreTarget } from "./restore-dialog.tsx";
import { useDiffSelection } from "./diff-selection.tsx";
import { VersionActions } from "./version-actions.tsx";
import type { DiffSide } from "./version-diff.tsx";
import { VersionList } from "./version-list.tsx";
import { VersionTable } from "./version-table.tsx";

export type MemoryHistoryProps = {
  storeId: string;
  memoryId: string;
  /** The memory's current head version id, or null when the memory is deleted. */
  currentVersionId: string | null;
  /** The memory's current content (for diffing a version against it), or null when deleted. */
  currentContent: string | null;
  /** The viewer may restore and redact (role allows writing). */
  canWrite: boolean;
  /** The store is archived: restore is not possible (redaction still is). */
  archived: boolean;
  /** Narrow the history further (the store history page passes its query-string filters). */
  filters?: Omit<VersionFilters, "memory_id">;
};

/** Per-memory history: versions newest first with actor, diff of any two or against the current content, restore, redact. */
export function MemoryHistory(props: MemoryHistoryProps) {
  // Selection, dialogs and notices belong to one memory: start afresh when the memory changes.
  return <History key={props.memoryId} {...props} />;
}

function History({ storeId, memoryId, currentVersionId, currentContent, canWrite, archived, filters = {} }: MemoryHistoryProps) {
  const list = useVersionList(storeId, { ...filters, memory_id: memoryId });
  const selection = useDiffSelection();
  const marks = useReviewMarks(
    storeId,
    list.versions.map((v) => v.id),
  );
  const [redacting, setRedacting] = useState<MemoryVersion | null>(null);
  const [restoring, setRestoring] = useState<RestoreTarget | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);

  const headVersion = list.versions.find((v) => v.id === currentVersionId);
  const head = currentVersionId ? { id: currentVersionId, sha: headVersion?.content_sha256 ?? null, path: headVersion?.path ?? null } : null;
  const current: DiffSide = { kind: "current", memoryId, content: currentContent, path: head?.path ?? null, headVersionId: currentVersionId };

  const restored = (result: RestoreResult) => {
    setRestoring(null);
    setNotice(restoreNotice(storeId, result));
  };

  return (
    <section aria-label="Version history" className="space-y-3" data-testid="memory-history">
      {notice && (
        <div className="flex items-start gap-2">
          <div className="flex-1">{notice}</div>
          <button type="button" className="text-xs text-slate-500 hover:text-slate-800" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {canWrite && archived && (
        <Alert tone="info" title="Archived store">
          Versions cannot be restored here because an archived store accepts no writes. Redaction still works.
        </Alert>
      )}
      {currentVersionId === null && (
        <Alert tone="info" title="This memory is deleted">
          Its versions are kept for a while. {canWrite && !archived && "Restore one to re-create the memory (it gets a new id)."}
        </Alert>
      )}
      <VersionList
        storeId={storeId}
        list={list}
        selection={selection}
        emptyText={Object.keys(filters).length > 0 ? "No version of this memory matches the filters." : "This memory has no retained versions."}
      >
        <VersionTable
          storeId={storeId}
          versions={list.versions}
          headVersionId={currentVersionId}
          selected={selection.selectedIds}
          onToggleSelect={selection.toggle}
          marks={marks}
          actions={(version) => (
            <VersionActions
              version={version}
              head={head}
              canWrite={canWrite}
              archived={archived}
              onDiffCurrent={() => selection.openDiff({ kind: "version", version }, current)}
              onDiffPrevious={() => selection.openPrevious(version)}
              onRestore={() =>
                setRestoring({
                  version,
                  headVersionId: currentVersionId,
                  currentPath: head?.path ?? null,
                  sameContent: head !== null && head.sha === version.content_sha256,
                })
              }
              onRedact={() => setRedacting(version)}
            />
          )}
        />
      </VersionList>
      <RestoreDialog storeId={storeId} target={restoring} onClose={() => setRestoring(null)} onDone={restored} />
      <RedactDialog
        storeId={storeId}
        version={redacting}
        onClose={() => setRedacting(null)}
        onDone={(v) => {
          setRedacting(null);
          setNotice(<Alert tone="success">Version {v.id} was redacted: its content and path are gone.</Alert>);
        }}
      />
    </section>
  );
}

function restoreNotice(storeId: string, { kind, memory }: RestoreResult): ReactNode {
  if (kind === "unchanged") return <Alert tone="info">The memory already had this content: nothing changed.</Alert>;
  if (kind === "updated") {
    return (
      <Alert tone="success" title="Version restored">
        The memory&apos;s content is back as new version <span className="font-mono text-xs">{memory.memory_version_id}</span>.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title="Memory re-created">
      It is a new memory with a new id, <span className="font-mono text-xs">{memory.id}</span>, at <span className="font-mono text-xs">{memory.path}</span>.{" "}
      <Link prefetch={false} className="font-medium underline" href={`/stores/${storeId}/memories/${memory.id}`}>
        Open the re-created memory
      </Link>{" "}
      ·{" "}
      <Link className="underline" href={`/stores/${storeId}/versions?memory_id=${memory.id}`}>
        its history
      </Link>
    </Alert>
  );
}
