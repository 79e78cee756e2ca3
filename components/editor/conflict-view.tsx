"use client";

import { useState } from "react";
import { SizeCounter, utf8Length } from "@/components/memories/size-counter.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { LIMITS } from "@/lib/memory/limits.ts";
import { useVersion } from "@/lib/queries/use-versions.ts";
import { MergeDiffEditor } from "./merge-diff-editor.tsx";
import { openConflicts, resolveConflict, type ConflictChoice, type MergeResult } from "./three-way-merge.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type ConflictViewProps = {
  storeId: string;
  path: string;
  /** The server's current content, when it changed and its version (which says who changed it). */
  theirs: string;
  theirsUpdatedAt: string;
  theirsVersionId: string;
  merge: MergeResult;
  saving: boolean;
  error: Error | null;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  onSaveMerge: (text: string) => void;
};

const CHOICES: { choice: ConflictChoice; label: string }[] = [
  { choice: "mine", label: "Use yours" },
  { choice: "theirs", label: "Use theirs" },
  { choice: "both", label: "Use both" },
];

/**
 * A save refused because someone changed the memory meanwhile. The three-way merge is on the
 * right, editable, against the server's content on the left; overlapping changes are marked
 * as numbered conflict blocks until resolved.
 */
export function ConflictView({
  storeId,
  path,
  theirs,
  theirsUpdatedAt,
  theirsVersionId,
  merge,
  saving,
  error,
  onTakeTheirs,
  onKeepMine,
  onSaveMerge,
}: ConflictViewProps) {
  const [merged, setMerged] = useState(merge.text);
  // Bumped when a button rewrites the merge, so the diff editor starts again from the new text.
  const [revision, setRevision] = useState(0);
  const choose = (n: number, choice: ConflictChoice) => {
    setMerged((text) => resolveConflict(text, n, choice, merge.conflicts));
    setRevision((r) => r + 1);
  };
  const theirVersion = useVersion(storeId, theirsVersionId);
  const open = openConflicts(merged);
  const bytes = utf8Length(merged);
  return (
    <section aria-label="Resolve conflict" data-testid="conflict-view" className="space-y-3">
      <Alert tone="warning" title="Someone changed this memory while you were editing">
        <p>
          Your save was refused: the memory no longer has the content you started from. It was changed{" "}
          {theirVersion.data && (
            <>
              by <ActorLabel actor={theirVersion.data.created_by} />{" "}
            </>
          )}
          on {formatDateTime(theirsUpdatedAt)} (version <span className="font-mono text-xs">{theirsVersionId}</span>); the history below shows every change.
          {merge.conflicts.length === 0
            ? " Your changes and theirs touch different lines, so they were merged automatically on the right. Check the result, then save the merge."
            : ` ${merge.conflicts.length} of your changes overlap theirs; they are marked in the merge on the right. Edit it, or pick a side for each conflict.`}
        </p>
      </Alert>
      {open.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Conflicts">
          {open.map((n) => (
            <li key={n} className="flex flex-wrap items-center gap-2" data-testid={`conflict-${n}`}>
              <span className="font-medium text-slate-800">Conflict {n}</span>
              {CHOICES.map(({ choice, label }) => (
                <Button key={choice} size="sm" variant="secondary" onClick={() => choose(n, choice)}>
                  {label}
                </Button>
              ))}
            </li>
          ))}
        </ul>
      )}
      <div className="grid grid-cols-2 text-xs font-medium text-slate-500">
        <span>Theirs: current on the server (read-only)</span>
        <span className="pl-2">The merge (editable)</span>
      </div>
      <MergeDiffEditor key={revision} path={path} theirs={theirs} initialMerged={merged} onMergedChange={setMerged} />
      {error && <ErrorAlert error={error} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SizeCounter bytes={bytes} />
        <div className="flex flex-wrap items-center gap-2">
          {open.length > 0 && (
            <span className="text-xs text-amber-700">Resolve {open.length === 1 ? "the conflict" : `all ${open.length} conflicts`} to save the merge.</span>
          )}
          <Button variant="secondary" disabled={saving} onClick={onTakeTheirs} title="Discard your edit and continue from the server's content">
            Take theirs
          </Button>
          <Button variant="secondary" disabled={saving} onClick={onKeepMine} title="Save your edit over theirs">
            Keep mine
          </Button>
          <Button disabled={saving || open.length > 0 || bytes > LIMITS.memoryContentBytes} onClick={() => onSaveMerge(merged)}>
            {saving ? "Saving…" : "Save the merge"}
          </Button>
        </div>
      </div>
    </section>
  );
}
