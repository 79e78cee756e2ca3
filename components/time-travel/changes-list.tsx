"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import type { StoreChange } from "@/lib/queries/types.ts";
import { ChangeDiff } from "./change-diff.tsx";
import { CHANGE_KIND } from "./change-kinds.ts";
import { folderOfPath } from "./moments.ts";

const pathOf = (c: StoreChange) => c.after?.path ?? c.before?.path ?? "";

/** Consecutive changes (the API orders them by path) in the same folder, as one group. */
export function groupByFolder(changes: readonly StoreChange[]): { folder: string; changes: StoreChange[] }[] {
  const groups: { folder: string; changes: StoreChange[] }[] = [];
  for (const change of changes) {
    const folder = folderOfPath(pathOf(change));
    const last = groups.at(-1);
    if (last?.folder === folder) last.changes.push(change);
    else groups.push({ folder, changes: [change] });
  }
  return groups;
}

export type ChangesListProps = { storeId: string; changes: readonly StoreChange[]; onRestoreFolder?: (folder: string) => void };

/**
 * The changes grouped by folder, each with its kind, who wrote it in between, and its diff
 * inline; a whole file added or deleted is one click away rather than every line of it on the
 * page (18 such changes made a 15,000 px page).
 */
export function ChangesList({ storeId, changes, onRestoreFolder }: ChangesListProps) {
  return (
    <div className="space-y-4">
      {groupByFolder(changes).map((group, g) => (
        <section key={`${group.folder}|${g}`} aria-label={`Folder ${group.folder}`} className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
            <h2 className="break-all font-mono text-sm font-semibold text-slate-900">{group.folder}</h2>
            {onRestoreFolder && (
              <Button size="sm" variant="secondary" onClick={() => onRestoreFolder(group.folder)}>
                {group.folder === "/" ? "Restore the store" : "Restore this folder"}
              </Button>
            )}
          </header>
          <ul className="divide-y divide-slate-100">
            {group.changes.map((change) => (
              <li key={`${change.memory_id}|${pathOf(change)}`} data-testid={`change-${pathOf(change)}`}>
                <ChangeHeader storeId={storeId} change={change} />
                {change.change === "added" || change.change === "deleted" ? (
                  <WholeFile storeId={storeId} change={change} />
                ) : (
                  <ChangeDiff storeId={storeId} change={change} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** An added or deleted file's content, behind a toggle: its size says what opening it shows. */
function WholeFile({ storeId, change }: { storeId: string; change: StoreChange }) {
  const [open, setOpen] = useState(false);
  const side = (change.after ?? change.before)!;
  const size = side.content_size_bytes === null ? "" : ` (${side.content_size_bytes.toLocaleString("en-US")} B)`;
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="px-3 py-1.5 text-xs font-medium text-indigo-700 hover:underline">
        {open ? "Hide the file" : `Show the ${change.change === "added" ? "added" : "deleted"} file${size}`}
      </button>
      {open && <ChangeDiff storeId={storeId} change={change} />}
    </div>
  );
}

function ChangeHeader({ storeId, change }: { storeId: string; change: StoreChange }) {
  const [label, tone] = CHANGE_KIND[change.change];
  // Another memory holds the path now: one deleted and re-created there, compared by path.
  const recreated = change.before && change.after && change.before.memory_id !== change.after.memory_id;
  const moved = change.before && change.after && change.before.path !== change.after.path;
  const head = change.after ?? change.before!;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-slate-50 px-3 py-2 text-sm">
      <Badge tone={tone}>{label}</Badge>
      <span className="min-w-0 break-all font-mono text-slate-900">
        {moved ? (
          <>
            {change.before!.path} → {change.after!.path}
          </>
        ) : (
          pathOf(change)
        )}
      </span>
      {recreated && <span className="text-xs text-slate-500">re-created at this path as a new memory</span>}
      <span className="text-xs text-slate-500">
        by{" "}
        {change.actors.map((actor, i) => (
          <span key={i}>
            {i > 0 && ", "}
            <ActorLabel actor={actor} />
          </span>
        ))}
      </span>
      <Link href={`/stores/${storeId}/versions/${head.memory_version_id}`} className="ml-auto text-xs text-indigo-700 hover:underline">
        {change.after ? "Open" : "Last version"}
      </Link>
    </div>
  );
}
