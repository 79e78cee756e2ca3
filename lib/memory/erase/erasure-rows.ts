import { defineItemTable, defineTable } from "../bulk/report-tables.ts";
import type { RemovedStretch } from "../reads/exposed-sessions.ts";
import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, numberOrNull, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";

export const ERASE_ACTIONS = ["replace", "delete"] as const;
/** replace: the text becomes the marker in a new version; delete: the memory is deleted. */
export type EraseAction = (typeof ERASE_ACTIONS)[number];

/**
 * What an item of the report is:
 * - head: the memory's current version at the dry run; history: an older version then;
 * - written: a version the erase wrote (the replacement, or the deletion);
 * - late: a version holding the text that the dry run did not see (written since): left as it
 *   is and reported, for a second run to pick up.
 */
export type ErasureItemKind = "head" | "history" | "written" | "late";

/**
 * planned (dry run); then for head and history: redacted, or gone (pruned, deleted with its
 * store, or redacted before the erase ran); for written: replaced, deleted, or
 * deleted_and_redacted (its path held the text); for late: left.
 */
export type ErasureOutcome = "planned" | "redacted" | "gone" | "replaced" | "deleted" | "deleted_and_redacted" | "left";

/** What the dry run planned for a memory whose current version holds the text: a new version without it, or its deletion. */
export type PlannedAction = "rewrite" | "delete";

export interface ErasureItem {
  versionId: string;
  storeId: string;
  memoryId: string;
  kind: ErasureItemKind;
  outcome: ErasureOutcome;
  /** Head items: what the dry run planned (null: erasures from before it was kept, and the other kinds). */
  plannedAction?: PlannedAction | null;
  /**
   * Written items: the memory still awaits review after the erase, because the rest of its
   * content was never settled (lib/memory/review/deliberate.ts; migration 0029).
   */
  awaitingReview?: boolean;
  /**
   * The memory's path as it reads now (lib/memory/erase/erasure-paths.ts), filled in when the
   * items are read for an answer; never stored, so a report keeps no path the erase redacted.
   */
  path?: string | null;
}

/**
 * What an erase takes out of each memory: every version it redacts (planned, or redacted once
 * carried out), each alone. Their readers are the erase's exposed sessions (lib/memory/reads).
 */
export const erasedStretches = (items: readonly ErasureItem[]): RemovedStretch[] =>
  items
    .filter((i) => (i.kind === "head" || i.kind === "history") && (i.outcome === "planned" || i.outcome === "redacted"))
    .map((i) => ({ storeId: i.storeId, memoryId: i.memoryId, from: i.versionId, to: i.versionId }));

/** How the values of a pattern erase were found (lib/memory/erase/match-pattern.ts). */
export const PATTERN_TYPES = ["email", "phone", "literal", "regex"] as const;
export type PatternType = (typeof PATTERN_TYPES)[number];

export interface Erasure extends BulkLifecycle {
  querySha256: string;
  action: EraseAction;
  marker: string | null;
  storeIds: string[] | null;
  memoriesBefore: number;
  versionsBefore: number;
  memoriesAfter: number | null;
  versionsAfter: number | null;
  /**
   * A pattern erase: the SHA-256 of each value erased, sorted (querySha256 is then the SHA-256
   * of their JSON array); null for the one-text form, whose text's hash is querySha256.
   */
  valueSha256s: string[] | null;
  /** How the values were found, when the request said. */
  patternType: PatternType | null;
}

type ErasureRow = LifecycleRow & {
  query_sha256: string;
  action: string;
  marker: string | null;
  store_ids: string | null;
  memories_before: number | bigint;
  versions_before: number | bigint;
  memories_after: number | bigint | null;
  versions_after: number | bigint | null;
  value_sha256s: string | null;
  pattern_type: string | null;
};

export const ERASURES = defineTable<Erasure, ErasureRow>({
  name: "erasures",
  columns: [
    ...LIFECYCLE_COLUMNS,
    "query_sha256",
    "action",
    "marker",
    "store_ids",
    "memories_before",
    "versions_before",
    "memories_after",
    "versions_after",
    "value_sha256s",
    "pattern_type",
  ],
  toRow: (e) => ({
    ...lifecycleToRow(e),
    query_sha256: e.querySha256,
    action: e.action,
    marker: e.marker,
    store_ids: e.storeIds === null ? null : JSON.stringify(e.storeIds),
    memories_before: e.memoriesBefore,
    versions_before: e.versionsBefore,
    memories_after: e.memoriesAfter,
    versions_after: e.versionsAfter,
    value_sha256s: e.valueSha256s === null ? null : JSON.stringify(e.valueSha256s),
    pattern_type: e.patternType,
  }),
  fromRow: (row) => ({
    ...lifecycleFromRow(row),
    querySha256: row.query_sha256,
    action: row.action as EraseAction,
    marker: row.marker,
    storeIds: row.store_ids === null ? null : (JSON.parse(row.store_ids) as string[]),
    memoriesBefore: Number(row.memories_before),
    versionsBefore: Number(row.versions_before),
    memoriesAfter: numberOrNull(row.memories_after),
    versionsAfter: numberOrNull(row.versions_after),
    valueSha256s: row.value_sha256s === null ? null : (JSON.parse(row.value_sha256s) as string[]),
    patternType: row.pattern_type as PatternType | null,
  }),
});

type ErasureItemRow = {
  version_id: string;
  store_id: string;
  memory_id: string;
  kind: string;
  outcome: string;
  planned_action: string | null;
  awaiting_review: boolean | number | bigint;
};

/** Grouped by store and memory (the order the erase is carried out in), versions oldest first. */
export const ERASURE_ITEMS = defineItemTable<ErasureItem, ErasureItemRow>({
  name: "erasure_items",
  planColumn: "erasure_id",
  keyColumn: "version_id",
  columns: ["version_id", "store_id", "memory_id", "kind", "outcome", "planned_action", "awaiting_review"],
  resultColumns: ["outcome"],
  orderBy: ["store_id", "memory_id", "version_id"],
  toRow: (i) => ({
    version_id: i.versionId,
    store_id: i.storeId,
    memory_id: i.memoryId,
    kind: i.kind,
    outcome: i.outcome,
    planned_action: i.plannedAction ?? null,
    awaiting_review: i.awaitingReview ?? false,
  }),
  fromRow: (r) => ({
    versionId: r.version_id,
    storeId: r.store_id,
    memoryId: r.memory_id,
    kind: r.kind as ErasureItemKind,
    outcome: r.outcome as ErasureOutcome,
    plannedAction: r.planned_action as PlannedAction | null,
    awaitingReview: Number(r.awaiting_review) === 1,
  }),
});

/** The words a person types to confirm: they name how much goes, and for a pattern erase how many values. */
export function confirmationPhrase(erasure: Pick<Erasure, "versionsBefore" | "valueSha256s">): string {
  const phrase = countPhrase("erase", erasure.versionsBefore, { one: "version", many: "versions" });
  const values = erasure.valueSha256s?.length;
  return values === undefined ? phrase : `${phrase} of ${values} ${values === 1 ? "value" : "values"}`;
}
