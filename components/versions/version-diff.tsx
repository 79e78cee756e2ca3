"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Spinner } from "@/components/ui/states.tsx";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { useVersion } from "@/lib/queries/use-versions.ts";
import { ImportedNote } from "./imported-note.tsx";
import { ActorLabel, useActorName } from "./actor-name.tsx";
import { formatVersionTime } from "./version-format.ts";
import { MonacoDiff } from "./monaco-diff.tsx";

/** One side of a diff: a stored version, or the memory's current content. */
export type DiffSide =
  | { kind: "version"; version: MemoryVersion }
  | { kind: "current"; memoryId: string; content: string | null; path: string | null; headVersionId: string | null };

export type VersionDiffProps = { storeId: string; left: DiffSide; right: DiffSide; onClose: () => void };

/** Monaco diff of two sides, left = older; redacted or deleted sides get a message instead of a diff. */
export function VersionDiff({ storeId, left, right, onClose }: VersionDiffProps) {
  const leftContent = useSideContent(storeId, left);
  const rightContent = useSideContent(storeId, right);
  const path = sidePath(right) ?? sidePath(left) ?? "";
  const sides = [leftContent, rightContent];
  return (
    <Card className="p-4">
      <section aria-label="Version diff" data-testid="version-diff">
        <div className="mb-3 flex items-start justify-between gap-4">
          <div className="grid min-w-0 flex-1 gap-2 text-sm sm:grid-cols-2">
            <SideLabel which="Left" side={left} />
            <SideLabel which="Right" side={right} />
          </div>
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close diff
          </Button>
        </div>
        {sides.some((s) => s.unavailable) ? (
          <div className="space-y-2">
            {sides.map(
              (s, i) =>
                s.unavailable && (
                  <Alert key={i} tone="warning" title={`${i === 0 ? "Left" : "Right"} side has no content to compare`}>
                    {s.unavailable}
                  </Alert>
                ),
            )}
          </div>
        ) : sides.some((s) => s.error) ? (
          <Alert title="Could not load a version">{sides.find((s) => s.error)!.error!.message}</Alert>
        ) : leftContent.content === null || rightContent.content === null ? (
          <Spinner label="Loading versions…" />
        ) : (
          <>
            {leftContent.content === rightContent.content && (
              <p className="mb-2 text-sm text-slate-600" role="status">
                Both sides have the same content.
              </p>
            )}
            <MonacoDiff key={`${sideKey(left)}|${sideKey(right)}`} original={leftContent.content} modified={rightContent.content} path={path} />
          </>
        )}
      </section>
    </Card>
  );
}

function useSideContent(storeId: string, side: DiffSide): { content: string | null; unavailable?: string; error?: Error | null } {
  const name = useActorName();
  const needsFetch = side.kind === "version" && side.version.operation !== "deleted" && !side.version.redacted_at;
  const query = useVersion(storeId, needsFetch && side.kind === "version" ? side.version.id : null);
  if (side.kind === "current") {
    if (side.content !== null) return { content: side.content };
    return { content: null, unavailable: "The memory is deleted: it has no current content. Compare two of its versions instead." };
  }
  const v = side.version;
  if (v.redacted_at) {
    return {
      content: null,
      unavailable: `Version ${v.id} was redacted by ${name(v.redacted_by).label} on ${formatVersionTime(v.redacted_at)}: its content is gone.`,
    };
  }
  if (v.operation === "deleted") {
    return { content: null, unavailable: `Version ${v.id} records the deletion of the memory and has no content. Compare the version before it.` };
  }
  if (query.data?.redacted_at) return { content: null, unavailable: `Version ${v.id} has been redacted: its content is gone.` };
  return { content: query.data?.content ?? null, error: query.error };
}

function SideLabel({ which, side }: { which: "Left" | "Right"; side: DiffSide }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 px-3 py-2" data-testid={`diff-${which.toLowerCase()}-label`}>
      <span className="font-medium text-slate-900">{which}: </span>
      {side.kind === "current" ? (
        <span>current content{side.headVersionId && <span className="font-mono text-xs text-slate-500"> (head {side.headVersionId})</span>}</span>
      ) : (
        <span>
          version <span className="font-mono text-xs">{side.version.id}</span> · {side.version.operation} ·{" "}
          <time dateTime={side.version.created_at}>{formatVersionTime(side.version.created_at)}</time> · by <ActorLabel actor={side.version.created_by} />
          <ImportedNote version={side.version} />
        </span>
      )}
      {sidePath(side) && <div className="truncate font-mono text-xs text-slate-500">{sidePath(side)}</div>}
    </div>
  );
}

const sidePath = (side: DiffSide) => (side.kind === "current" ? side.path : side.version.path) ?? null;
const sideKey = (side: DiffSide) => (side.kind === "current" ? `current:${side.headVersionId}` : side.version.id);

/** Older on the left: versions by time (ids are time-ordered), the current content always right. */
export function orderSides(a: DiffSide, b: DiffSide): [DiffSide, DiffSide] {
  if (a.kind === "current") return [b, a];
  if (b.kind === "current") return [a, b];
  return a.version.id < b.version.id ? [a, b] : [b, a];
}
