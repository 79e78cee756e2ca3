import { actorFromColumns, type Actor } from "../actor.ts";
import { Prisma, type SqlClient } from "../db.ts";

export const ERASE_ACTIONS = ["replace", "delete"] as const;
/** replace: the text becomes the marker in a new version; delete: the memory is deleted. */
export type EraseAction = (typeof ERASE_ACTIONS)[number];

export type ErasureStatus = "planned" | "running" | "completed";

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

export interface ErasureItem {
  versionId: string;
  storeId: string;
  memoryId: string;
  kind: ErasureItemKind;
  outcome: ErasureOutcome;
}

export interface Erasure {
  id: string;
  querySha256: string;
  action: EraseAction;
  marker: string | null;
  storeIds: string[] | null;
  status: ErasureStatus;
  createdBy: Actor | null;
  createdAt: Date;
  executedBy: Actor | null;
  executedAt: Date | null;
  completedAt: Date | null;
  memoriesBefore: number;
  versionsBefore: number;
  memoriesAfter: number | null;
  versionsAfter: number | null;
}

export const ERASURE_COLUMNS = Prisma.raw(
  "id, query_sha256, action, marker, store_ids, status, created_by_type, created_by_id, created_at, executed_by_type, executed_by_id, executed_at, completed_at, memories_before, versions_before, memories_after, versions_after",
);

export interface ErasureRow {
  id: string;
  query_sha256: string;
  action: string;
  marker: string | null;
  store_ids: string | null;
  status: string;
  created_by_type: string;
  created_by_id: string;
  created_at: Date | string;
  executed_by_type: string | null;
  executed_by_id: string | null;
  executed_at: Date | string | null;
  completed_at: Date | string | null;
  memories_before: number | bigint;
  versions_before: number | bigint;
  memories_after: number | bigint | null;
  versions_after: number | bigint | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const numberOrNull = (value: number | bigint | null) => (value === null ? null : Number(value));

export function erasureFromRow(row: ErasureRow): Erasure {
  return {
    id: row.id,
    querySha256: row.query_sha256,
    action: row.action as EraseAction,
    marker: row.marker,
    storeIds: row.store_ids === null ? null : (JSON.parse(row.store_ids) as string[]),
    status: row.status as ErasureStatus,
    createdBy: actorFromColumns(row.created_by_type, row.created_by_id),
    createdAt: new Date(row.created_at),
    executedBy: actorFromColumns(row.executed_by_type, row.executed_by_id),
    executedAt: dateOrNull(row.executed_at),
    completedAt: dateOrNull(row.completed_at),
    memoriesBefore: Number(row.memories_before),
    versionsBefore: Number(row.versions_before),
    memoriesAfter: numberOrNull(row.memories_after),
    versionsAfter: numberOrNull(row.versions_after),
  };
}

/** The words a person types to confirm: they name how much goes. */
export function confirmationPhrase(erasure: Pick<Erasure, "versionsBefore">): string {
  return `erase ${erasure.versionsBefore} version${erasure.versionsBefore === 1 ? "" : "s"}`;
}

/** A dry run stays good for this long; after it, what it saw is too old to act on. */
export const PLAN_TTL_MS = 60 * 60_000;

/** Items written per INSERT statement. */
const ITEMS_PER_STATEMENT = 200;

export async function insertItems(tx: SqlClient, erasureId: string, items: readonly ErasureItem[]) {
  for (let i = 0; i < items.length; i += ITEMS_PER_STATEMENT) {
    const values = items
      .slice(i, i + ITEMS_PER_STATEMENT)
      .map((item) => Prisma.sql`(${erasureId}, ${item.versionId}, ${item.storeId}, ${item.memoryId}, ${item.kind}, ${item.outcome})`);
    await tx.$executeRaw(Prisma.sql`INSERT INTO erasure_items (erasure_id, version_id, store_id, memory_id, kind, outcome) VALUES ${Prisma.join(values)}`);
  }
}

/** The outcome of items the erase acted on, in its transaction. */
export async function setOutcomes(tx: SqlClient, erasureId: string, outcomes: { versionId: string; outcome: ErasureItem["outcome"] }[]) {
  for (const { versionId, outcome } of outcomes) {
    await tx.$executeRaw`UPDATE erasure_items SET outcome = ${outcome} WHERE erasure_id = ${erasureId} AND version_id = ${versionId}`;
  }
}
