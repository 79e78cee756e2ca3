import Link from "next/link";
import { MiddleTruncate } from "@/components/ui/middle-truncate.tsx";
import type { Erasure, ErasureMemory } from "@/lib/queries/types.ts";

export type ErasureMemoryListProps = {
  erasure: Erasure;
  storeNames: ReadonlyMap<string, string>;
  /** How many memories to draw per store; the report has them all. */
  shown?: number;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What the dry run plans for a memory, in words: rewrite / delete, and the older versions redacted. */
function plannedLabel(memory: ErasureMemory, marker: string | null): string {
  const older = memory.older_versions ? `, redact ${plural(memory.older_versions, "older version", "older versions")}` : "";
  switch (memory.action) {
    case "rewrite":
      return `rewrite (the text becomes ${marker ?? "the marker"})${older}`;
    case "delete":
      return `delete the memory${older}`;
    case "redact_versions":
      return `redact ${plural(memory.older_versions, "older version", "older versions")} (the current one does not hold it)`;
    case "late":
      return "written after the dry run: left as it is";
  }
}

const OUTCOME: Record<NonNullable<ErasureMemory["outcome"]>, string> = {
  rewritten: "rewritten",
  deleted: "deleted",
  redacted: "older versions redacted",
  changed: "changed since the dry run: the versions seen were redacted, the new one left",
  gone: "already gone",
  left: "left as it is: run the erase again",
};

/** What happened to a memory, once carried out. */
function outcomeLabel(memory: ErasureMemory): string {
  if (!memory.outcome) return "";
  const redacted = memory.redacted_versions ? ` · ${plural(memory.redacted_versions, "version", "versions")} redacted` : "";
  return `${OUTCOME[memory.outcome]}${memory.outcome === "redacted" ? "" : redacted}`;
}

/**
 * An erase memory by memory, grouped by store: each memory's path (a link to it while it
 * exists), what the dry run plans for it, and once carried out what happened.
 */
export function ErasureMemoryList({ erasure, storeNames, shown = 200 }: ErasureMemoryListProps) {
  const memories = erasure.memories ?? [];
  const byStore = new Map<string, ErasureMemory[]>();
  for (const memory of memories) byStore.set(memory.memory_store_id, [...(byStore.get(memory.memory_store_id) ?? []), memory]);
  const done = erasure.status === "completed";
  return (
    <div className="space-y-3" data-testid="erasure-memories">
      {[...byStore].map(([storeId, list]) => (
        <section key={storeId} aria-label={`Store ${storeNames.get(storeId) ?? storeId}`} className="rounded-md ring-1 ring-slate-200">
          <h3 className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-slate-100 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-900">
            <Link prefetch={false} href={`/stores/${encodeURIComponent(storeId)}`} className="text-indigo-700 hover:underline">
              {storeNames.get(storeId) ?? storeId}
            </Link>
            <span className="text-xs font-normal text-slate-500">{plural(list.length, "memory", "memories")}</span>
          </h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {list.slice(0, shown).map((m) => (
              <li key={m.memory_id} className="min-w-0 px-3 py-1.5" data-testid="erasure-memory">
                <div className="min-w-0 break-all font-mono text-xs">
                  <Link
                    prefetch={false}
                    href={`/stores/${encodeURIComponent(storeId)}/memories/${encodeURIComponent(m.memory_id)}`}
                    className="text-indigo-700 hover:underline"
                  >
                    {m.path ? <MiddleTruncate text={m.path} max={72} /> : `${m.memory_id} (its path was erased)`}
                  </Link>
                </div>
                <div className={`text-xs ${m.action === "delete" ? "text-red-700" : "text-slate-600"}`}>
                  {done ? (
                    <>
                      <span className="sr-only">Planned: </span>
                      <span className="text-slate-500">{plannedLabel(m, erasure.marker)}</span> → <span className="text-slate-900">{outcomeLabel(m)}</span>
                      {m.awaiting_review && (
                        <span
                          className="ml-2 text-amber-800"
                          title="The rest of its content was written by agents and never reviewed: it stays in the review inbox."
                        >
                          · still awaits review
                        </span>
                      )}
                    </>
                  ) : (
                    plannedLabel(m, erasure.marker)
                  )}
                </div>
              </li>
            ))}
          </ul>
          {list.length > shown && (
            <p className="px-3 py-1.5 text-xs text-slate-500">… and {list.length - shown} more in this store (the report lists them all).</p>
          )}
        </section>
      ))}
    </div>
  );
}
