"use client";

import type { MemoryVersion } from "@/lib/queries/types.ts";
import { ActionButton } from "./action-button.tsx";
import { previousDiffReason } from "./diff-selection.tsx";

export type VersionActionsProps = {
  version: MemoryVersion;
  /** The memory's current version, or null when the memory is deleted. */
  head: { id: string; sha: string | null; path: string | null } | null;
  canWrite: boolean;
  archived: boolean;
  onDiffCurrent: () => void;
  onDiffPrevious: () => void;
  onRestore: () => void;
  onRedact: () => void;
};

/** Why each action is not possible for this version, or null when it is. */
export function actionReasons({ version: v, head, archived }: Pick<VersionActionsProps, "version" | "head" | "archived">) {
  const isHead = head !== null && v.id === head.id;
  const noContent = v.redacted_at
    ? "This version was redacted: its content is gone."
    : v.operation === "deleted"
      ? "This version records a deletion and has no content: use the version before it."
      : null;
  return {
    diffCurrent: head === null ? "The memory is deleted: there is no current content." : isHead ? "This is the current version." : noContent,
    restore: archived
      ? "The store is archived: nothing can be written to it, so versions cannot be restored."
      : (noContent ??
        (isHead
          ? "This is the current version."
          : head !== null && v.content_sha256 === head.sha && v.path === head.path
            ? "The memory already has this content."
            : null)),
    redact: isHead ? "The current version of a live memory cannot be redacted: change or delete the memory first, then redact this version." : null,
  };
}

export function VersionActions(props: VersionActionsProps) {
  const { version, canWrite, onDiffCurrent, onDiffPrevious, onRestore, onRedact } = props;
  const reasons = actionReasons(props);
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      <ActionButton onClick={onDiffPrevious} disabledReason={previousDiffReason(version)}>
        Diff with previous
      </ActionButton>
      <ActionButton onClick={onDiffCurrent} disabledReason={reasons.diffCurrent}>
        Diff with current
      </ActionButton>
      {canWrite && (
        <ActionButton onClick={onRestore} disabledReason={reasons.restore}>
          Restore
        </ActionButton>
      )}
      {canWrite && !version.redacted_at && (
        <ActionButton onClick={onRedact} disabledReason={reasons.redact} showReason>
          Redact
        </ActionButton>
      )}
    </div>
  );
}
