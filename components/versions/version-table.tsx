"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { ActorLabel } from "./actor-name.tsx";
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
};

export function VersionTable({ storeId, versions, headVersionId, showMemory, selected, onToggleSelect, actions }: VersionTableProps) {
  const renamedFrom = previousPaths(versions);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th className="w-10 px-3 py-2">
              <span className="sr-only">Diff</span>
            </th>
            <th className="px-3 py-2">Version</th>
            <th className="px-3 py-2">When</th>
            <th className="px-3 py-2">Actor</th>
            <th className="px-3 py-2">{showMemory ? "Memory" : "Path"}</th>
            <th className="px-3 py-2 text-right">Size</th>
            {actions && <th className="px-3 py-2 text-right">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.id} data-testid={`version-row-${v.id}`} className={`border-b border-slate-100 last:border-0 ${selected.includes(v.id) ? "bg-indigo-50/60" : ""}`}>
              <td className="px-3 py-2 align-top">
                <input
                  type="checkbox"
                  aria-label={`Select version ${v.id} for diff`}
                  checked={selected.includes(v.id)}
                  onChange={() => onToggleSelect(v)}
                  className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                />
              </td>
              <td className="px-3 py-2 align-top">
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge tone={OPERATION_TONE[v.operation]}>{v.operation}</Badge>
                  {v.id === headVersionId && <Badge tone="amber" title="The memory's current version">current</Badge>}
                  {v.redacted_at && <Badge tone="red">redacted</Badge>}
                </div>
                <div className="mt-1 font-mono text-xs text-slate-500">{v.id}</div>
                {v.redacted_at && (
                  <div className="mt-1 text-xs text-red-700" data-testid="redaction-note">
                    Redacted by <ActorLabel actor={v.redacted_by} /> on <time dateTime={v.redacted_at}>{formatVersionTime(v.redacted_at)}</time>
                  </div>
                )}
              </td>
              <td className="whitespace-nowrap px-3 py-2 align-top text-slate-600">
                <time dateTime={v.created_at} title={v.created_at}>
                  {formatVersionTime(v.created_at)}
                </time>
              </td>
              <td className="px-3 py-2 align-top">
                <ActorLabel actor={v.created_by} />
              </td>
              <td className="max-w-xs px-3 py-2 align-top">
                <div className="truncate font-mono text-xs text-slate-800" title={v.path ?? undefined}>
                  {v.path ?? <span className="font-sans text-slate-400">{v.redacted_at ? "path redacted" : "—"}</span>}
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
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right align-top text-slate-600">{formatBytes(v.content_size_bytes)}</td>
              {actions && <td className="px-3 py-2 text-right align-top">{actions(v)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
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
