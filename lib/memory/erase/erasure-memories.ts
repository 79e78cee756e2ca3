import type { Erasure, ErasureItem } from "./erasure-rows.ts";

/**
 * What the erase does to a memory, as a person reads a dry run: rewrite it (a new version
 * without the text) or delete it, when its current version holds the text; or only redact its
 * older versions; late: written since the dry run, left for another.
 */
type MemoryAction = "rewrite" | "delete" | "redact_versions" | "late";

/**
 * What happened, once carried out: rewritten, deleted, its versions redacted, changed (its
 * current version changed after the dry run: the versions seen were redacted, the new one left),
 * gone (nothing of it was left to erase), left (late).
 */
type MemoryOutcome = "rewritten" | "deleted" | "redacted" | "changed" | "gone" | "left";

export interface ErasureMemory {
  storeId: string;
  memoryId: string;
  path: string | null;
  action: MemoryAction;
  /** Older versions holding the text that the erase redacts (the current one aside). */
  olderVersions: number;
  /** Null until carried out. */
  outcome: MemoryOutcome | null;
  /** Versions redacted, once carried out (null before). */
  redactedVersions: number | null;
  /** Rewritten, and still awaiting review: the rest of its content was never settled. */
  awaitingReview: boolean;
}

/** The items memory by memory, grouped by store: in store and memory id order, as the report's items are read. */
export function erasureMemories(erasure: Pick<Erasure, "action" | "status">, items: readonly ErasureItem[]): ErasureMemory[] {
  const groups = new Map<string, ErasureItem[]>();
  for (const item of items) {
    const key = `${item.storeId}\u0000${item.memoryId}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const done = erasure.status === "completed";
  const ordered = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
  return ordered.map((group) => {
    const { storeId, memoryId, path = null } = group[0]!;
    const head = group.find((i) => i.kind === "head");
    const seen = group.filter((i) => i.kind === "head" || i.kind === "history");
    const action: MemoryAction = head
      ? (head.plannedAction ?? (erasure.action === "replace" ? "rewrite" : "delete"))
      : seen.length > 0
        ? "redact_versions"
        : "late";
    return {
      storeId,
      memoryId,
      path,
      action,
      olderVersions: group.filter((i) => i.kind === "history").length,
      outcome: done ? outcomeOf(group, action) : null,
      redactedVersions: done ? group.filter((i) => i.outcome === "redacted").length : null,
      awaitingReview: group.some((i) => i.kind === "written" && i.awaitingReview === true),
    };
  });
}

function outcomeOf(group: readonly ErasureItem[], action: MemoryAction): MemoryOutcome {
  const written = group.find((i) => i.kind === "written");
  if (written) return written.outcome === "replaced" ? "rewritten" : "deleted";
  if (action === "late") return "left";
  if (!group.some((i) => i.outcome === "redacted")) return "gone";
  return action === "redact_versions" ? "redacted" : "changed";
}
