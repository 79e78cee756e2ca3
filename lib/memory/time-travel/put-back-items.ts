/**
 * What restores and reverts share: each puts memories back to a state they had (a "target",
 * read from versions), one item per memory, and their items, table and execution step are the
 * same. An item records what the dry run saw (the memory's head then, or its absence) and the
 * target; the action follows from the two.
 */
import type { RemovedStretch } from "../reads/exposed-sessions.ts";
import { defineItemTable } from "../bulk/report-tables.ts";
import { compareBytes, type HeadState, type MemoryState } from "./states-at.ts";

/**
 * create: deleted since, comes back at its old path with its old content (a new memory id);
 * modify: its content (and maybe path) goes back; move: only its path; delete: created since;
 * unchanged: changed and changed back; skip: cannot be put back (`reason`); conflict (reverts):
 * someone else changed it after the principal did.
 */
export const PUT_BACK_ACTIONS = ["create", "modify", "move", "delete", "unchanged", "skip", "conflict"] as const;
export type PutBackAction = (typeof PUT_BACK_ACTIONS)[number];
export const WRITING_ACTIONS: readonly PutBackAction[] = ["create", "modify", "move", "delete"];

/**
 * planned: to be carried out; left: nothing to do (unchanged, skip, conflict); done; late: the
 * memory changed after the dry run, left alone; blocked: its path was taken by another memory
 * when its turn came (overlap rules hold at every step), left alone; skipped: could not be
 * carried out (`reason`: redacted since, the store archived or full); gone: the store was deleted.
 */
export const PUT_BACK_OUTCOMES = ["planned", "left", "done", "late", "blocked", "skipped", "gone"] as const;
export type PutBackOutcome = (typeof PUT_BACK_OUTCOMES)[number];

/** A memory's state as an item records it. */
export interface Side {
  versionId: string;
  path: string | null;
  sha256: string | null;
  sizeBytes: number | null;
}

export interface PutBackItem {
  memoryId: string;
  /** Order of execution within the plan: deletes, then changes, then creates (see `position`). */
  position: number;
  action: PutBackAction;
  reason: string | null;
  /** The memory's head when the dry run looked (null: not live). */
  seen: Side | null;
  /** The state it goes back to (null: it goes; for a conflict, still what it would go back to). */
  target: Side | null;
  outcome: PutBackOutcome;
  newMemoryId: string | null;
  newVersionId: string | null;
  /**
   * What it puts back holds writes nobody settled, so the memory awaits review afterwards
   * (lib/memory/review/deliberate.ts): the dry run's expectation, then what its execution did.
   */
  awaitingReview: boolean;
}

/**
 * What these items remove (or, planned, would remove) from each memory: its versions after the
 * state it goes back to, up to the head the dry run saw. Readers of those versions are the act's
 * exposed sessions (lib/memory/reads/exposed-sessions.ts). A memory brought back removes nothing.
 */
export function removedStretches<T extends PutBackItem>(items: readonly T[], storeOf: string | ((item: T) => string)): RemovedStretch[] {
  return items.flatMap((item) =>
    WRITING_ACTIONS.includes(item.action) && item.seen !== null && (item.outcome === "planned" || item.outcome === "done")
      ? [
          {
            storeId: typeof storeOf === "string" ? storeOf : storeOf(item),
            memoryId: item.memoryId,
            from: item.target?.versionId ?? null,
            to: item.seen.versionId,
          },
        ]
      : [],
  );
}

export const sideOf = (state: Pick<HeadState, "versionId" | "path" | "contentSha256" | "contentSizeBytes">): Side => ({
  versionId: state.versionId,
  path: state.path,
  sha256: state.contentSha256,
  sizeBytes: state.contentSizeBytes,
});

/** The memory as it is now (a live row), as an item records it. */
export interface LiveHead {
  memoryId: string;
  versionId: string;
  path: string;
  sha256: string;
  sizeBytes: number;
}

export const sideOfLive = (live: LiveHead | null): Side | null =>
  live && { versionId: live.versionId, path: live.path, sha256: live.sha256, sizeBytes: live.sizeBytes };

/** A version as the planners that go back to one read it (revert, batch undo): `VERSION_COLUMNS`. */
export type PriorVersionRow = {
  id: string;
  memory_id: string;
  operation: string;
  path: string | null;
  content_sha256: string | null;
  content_size_bytes: number | bigint | null;
  redacted_at: unknown;
  created_at: Date | string;
  created_by_type: string | null;
  created_by_id: string | null;
};
export const VERSION_COLUMNS = "id, memory_id, operation, path, content_sha256, content_size_bytes, redacted_at, created_at, created_by_type, created_by_id";

/** The state going back to that version puts the memory in; null when it was a deletion (the memory goes). */
export function stateOfVersion(row: PriorVersionRow | null, memoryId: string, storeId: string): MemoryState | null {
  if (!row || row.operation === "deleted") return null;
  return {
    memoryId,
    storeId,
    versionId: row.id,
    path: row.path,
    contentSha256: row.content_sha256,
    contentSizeBytes: row.content_size_bytes === null ? null : Number(row.content_size_bytes),
    redacted: row.redacted_at != null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.created_at),
  };
}

/**
 * What putting a memory back from `seen` (now) to `target` takes; null when there is nothing
 * to list (not live then, not live now). A redacted target cannot be put back: its content is
 * gone.
 */
export function actionFor(seen: LiveHead | null, target: HeadState | null): { action: PutBackAction; reason: string | null } | null {
  if (!target) return seen ? { action: "delete", reason: null } : null;
  if (target.redacted) return { action: "skip", reason: "redacted: the content it had then was redacted and cannot be restored" };
  if (!seen) return { action: "create", reason: null };
  if (seen.sha256 === target.contentSha256) return seen.path === target.path ? { action: "unchanged", reason: null } : { action: "move", reason: null };
  return { action: "modify", reason: null };
}

const ORDER: Record<PutBackAction, number> = { delete: 0, move: 1, modify: 1, create: 2, unchanged: 3, skip: 3, conflict: 3 };

/** Numbers the items in the order they are carried out: every delete first (freeing paths), then moves and changes, then creates; by path within each. */
export function inExecutionOrder<I extends Omit<PutBackItem, "position">>(items: I[]): (I & { position: number })[] {
  const keyed = items.map((item) => ({ item, order: ORDER[item.action], path: item.target?.path ?? item.seen?.path ?? "" }));
  keyed.sort((a, b) => a.order - b.order || compareBytes(a.path, b.path) || (a.item.memoryId < b.item.memoryId ? -1 : 1));
  return keyed.map(({ item }, position) => ({ ...item, position }));
}

export type PutBackRow = {
  memory_id: string;
  position: number | bigint;
  action: string;
  reason: string | null;
  seen_version_id: string | null;
  seen_path: string | null;
  seen_sha256: string | null;
  seen_size_bytes: number | bigint | null;
  target_version_id: string | null;
  target_path: string | null;
  target_sha256: string | null;
  target_size_bytes: number | bigint | null;
  outcome: string;
  new_memory_id: string | null;
  new_version_id: string | null;
  awaiting_review: boolean | number | bigint;
};

const sideFromRow = (versionId: string | null, path: string | null, sha: string | null, size: number | bigint | null): Side | null =>
  versionId === null ? null : { versionId, path, sha256: sha, sizeBytes: size === null ? null : Number(size) };

/** The columns of a put-back item, in the order written and read (migration 0015; a batch undo adds its own, 0024; awaiting_review, 0029). */
export const PUT_BACK_COLUMNS = [
  "memory_id",
  "position",
  "action",
  "reason",
  "seen_version_id",
  "seen_path",
  "seen_sha256",
  "seen_size_bytes",
  "target_version_id",
  "target_path",
  "target_sha256",
  "target_size_bytes",
  "outcome",
  "new_memory_id",
  "new_version_id",
  "awaiting_review",
] as const satisfies readonly (keyof PutBackRow)[];
/** What an execution fills in. */
export const PUT_BACK_RESULT_COLUMNS = [
  "outcome",
  "reason",
  "new_memory_id",
  "new_version_id",
  "awaiting_review",
] as const satisfies readonly (keyof PutBackRow)[];

export function putBackToRow(i: PutBackItem): PutBackRow {
  return {
    memory_id: i.memoryId,
    position: i.position,
    action: i.action,
    reason: i.reason,
    seen_version_id: i.seen?.versionId ?? null,
    seen_path: i.seen?.path ?? null,
    seen_sha256: i.seen?.sha256 ?? null,
    seen_size_bytes: i.seen?.sizeBytes ?? null,
    target_version_id: i.target?.versionId ?? null,
    target_path: i.target?.path ?? null,
    target_sha256: i.target?.sha256 ?? null,
    target_size_bytes: i.target?.sizeBytes ?? null,
    outcome: i.outcome,
    new_memory_id: i.newMemoryId,
    new_version_id: i.newVersionId,
    awaiting_review: i.awaitingReview,
  };
}

export function putBackFromRow(r: PutBackRow): PutBackItem {
  return {
    memoryId: r.memory_id,
    position: Number(r.position),
    action: r.action as PutBackAction,
    reason: r.reason,
    seen: sideFromRow(r.seen_version_id, r.seen_path, r.seen_sha256, r.seen_size_bytes),
    target: sideFromRow(r.target_version_id, r.target_path, r.target_sha256, r.target_size_bytes),
    outcome: r.outcome as PutBackOutcome,
    newMemoryId: r.new_memory_id,
    newVersionId: r.new_version_id,
    awaitingReview: Number(r.awaiting_review) === 1,
  };
}

/** The items table of a restore or a revert (the same columns; migration 0015). */
export function putBackItemTable(name: "restore_items" | "revert_items", planColumn: "restore_id" | "revert_id") {
  return defineItemTable<PutBackItem, PutBackRow>({
    name,
    planColumn,
    keyColumn: "memory_id",
    columns: PUT_BACK_COLUMNS,
    resultColumns: PUT_BACK_RESULT_COLUMNS,
    orderBy: ["position"],
    toRow: putBackToRow,
    fromRow: putBackFromRow,
  });
}

/** Items per action, for the plan's counts. */
export function countByAction(items: readonly Pick<PutBackItem, "action">[]): Record<PutBackAction, number> {
  const counts = Object.fromEntries(PUT_BACK_ACTIONS.map((a) => [a, 0])) as Record<PutBackAction, number>;
  for (const item of items) counts[item.action] += 1;
  return counts;
}
