"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { MiddleTruncate } from "@/components/ui/middle-truncate.tsx";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import { ReviewMarkBadge, ReviewMarkNote } from "@/components/review/review-mark.tsx";
import type { ReviewMark } from "@/lib/queries/review-types.ts";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { ActorLabel } from "./actor-name.tsx";
import { ImportedNote } from "./imported-note.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { formatVersionTime } from "./version-format.ts";

const OPERATION_TONE = { created: "green", modified: "indigo", deleted: "red" } as const;

export type VersionTableProps = {
  storeId: string;
  versions: MemoryVersion[];
  /** The memory's current version (per-memory history), marked as such. */
  headVersionId?: string | null;
  /** Store-wide: show each version's memory with links to its page and its history. */
  showMemory?: boolean;
  /** Ids picked for a diff (at most two). */
  selected: string[];
  onToggleSelect: (version: MemoryVersion) => void;
  actions?: (version: MemoryVersion) => ReactNode;
  /** Review state by version id (absent: written by a reviewer, or the store is not under review). */
  marks?: ReadonlyMap<string, ReviewMark>;
};

export function VersionTable({ storeId, versions, headVersionId, showMemory, selected, onToggleSelect, actions, marks }: VersionTableProps) {
  const renamedFrom = previousPaths(versions);
  return (
    <div className="overflow-x-auto">
      <Table
        dense
        columns={[
          { label: <span className="sr-only">Diff</span>, className: "w-10" },
          "Version",
          "When",
          "Actor",
          showMemory ? "Memory" : "Path",
          { label: "Size", align: "right" },
          !!actions && { label: "Actions", align: "right" },
        ]}
      >
        {versions.map((v) => (
          <Row key={v.id} data-testid={`version-row-${v.id}`} className={selected.includes(v.id) ? "align-top bg-indigo-50/60" : "align-top"}>
            <Cell>
              <input
                type="checkbox"
                aria-label={`Select version ${v.id} for diff`}
                checked={selected.includes(v.id)}
                onChange={() => onToggleSelect(v)}
                className="h-4 w-4 rounded border-slate-300 text-indigo-600"
              />
            </Cell>
            <Cell>
              <div className="flex flex-wrap items-center gap-1.5">
                <Badge tone={OPERATION_TONE[v.operation]}>{v.operation}</Badge>
                {v.id === headVersionId && (
                  <Badge tone="amber" title="The memory's current version">
                    current
                  </Badge>
                )}
                {v.redacted_at && <Badge tone="red">redacted</Badge>}
                {v.imported && (
                  <Badge tone="amber" title={v.imported.copied_from_memory_store_id ? "Written by a copy of another store" : "Written by an import"}>
                    {v.imported.copied_from_memory_store_id ? "copied" : "imported"}
                  </Badge>
                )}
                {marks?.get(v.id) && <ReviewMarkBadge mark={marks.get(v.id)!} />}
              </div>
              <div className="mt-1 font-mono text-xs text-slate-500">{v.id}</div>
              {marks?.get(v.id) && <ReviewMarkNote mark={marks.get(v.id)!} />}
              <ImportedNote version={v} />
              {v.redacted_at && (
                <div className="mt-1 text-xs text-red-700" data-testid="redaction-note">
                  Redacted by <ActorLabel actor={v.redacted_by} /> on <LocalTime iso={v.redacted_at} format={formatVersionTime} />
                </div>
              )}
            </Cell>
            <Cell className="whitespace-nowrap text-slate-600">
              <LocalTime iso={v.created_at} format={formatVersionTime} />
            </Cell>
            <Cell>
              <ActorLabel actor={v.created_by} />
            </Cell>
            <Cell className="max-w-xs">
              <div className="truncate font-mono text-xs text-slate-800">
                {v.path ? <MiddleTruncate text={v.path} max={48} /> : <span className="font-sans text-slate-500">{v.redacted_at ? "path redacted" : "—"}</span>}
              </div>
              {renamedFrom.get(v.id) && (
                <div className="truncate text-xs text-slate-500" title={renamedFrom.get(v.id)}>
                  moved from <span className="font-mono">{renamedFrom.get(v.id)}</span>
                </div>
              )}
              {showMemory && (
                <div className="mt-1 flex gap-3 text-xs">
                  <Link prefetch={false} className="font-mono text-indigo-600 hover:underline" href={`/stores/${storeId}/memories/${v.memory_id}`}>
                    {v.memory_id}
                  </Link>
                  <Link className="text-indigo-600 hover:underline" href={`/stores/${storeId}/versions?memory_id=${encodeURIComponent(v.memory_id)}`}>
                    history
                  </Link>
                </div>
              )}
            </Cell>
            <Cell align="right" className="whitespace-nowrap text-slate-600">
              {formatBytes(v.content_size_bytes)}
            </Cell>
            {actions && <Cell align="right">{actions(v)}</Cell>}
          </Row>
        ))}
      </Table>
    </div>
  );
}

/** For versions whose path differs from the previous listed version of the same memory: that earlier path. */
function previousPaths(versions: MemoryVersion[]): Map<string, string> {
  const lastPath = new Map<string, string | null>();
  const moved = new Map<string, string>();
  for (const v of [...versions].reverse()) {
    const before = lastPath.get(v.memory_id);
    if (before && v.path && v.operation === "modified" && before !== v.path) moved.set(v.id, before);
    lastPath.set(v.memory_id, v.path ?? null);
  }
  return moved;
}
