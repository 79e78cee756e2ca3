/**
 * What every bulk operation's plan row holds besides its own fields: its state in the lifecycle
 * (planned → running → completed), who planned and who carried it out, and when; the columns
 * and row mapping of those fields; how long a dry run stays good; the digest of what a dry run
 * saw and the words that confirm it.
 */
import { actorFromColumns, actorId, type Actor } from "../actor.ts";
import { sha256Hex } from "../hashing.ts";

export type BulkStatus = "planned" | "running" | "completed";

export interface BulkLifecycle {
  id: string;
  status: BulkStatus;
  createdBy: Actor | null;
  createdAt: Date;
  executedBy: Actor | null;
  executedAt: Date | null;
  completedAt: Date | null;
  /** The workspace it was made in: it is listed, read and carried out only there (docs/design.md, "Workspaces"). */
  workspaceId: string;
}

/** The lifecycle's columns, as every plan table has them. */
export const LIFECYCLE_COLUMNS = [
  "id",
  "status",
  "created_by_type",
  "created_by_id",
  "created_at",
  "executed_by_type",
  "executed_by_id",
  "executed_at",
  "completed_at",
  "workspace_id",
] as const;

export type LifecycleRow = {
  id: string;
  status: string;
  created_by_type: string;
  created_by_id: string;
  created_at: Date | string;
  executed_by_type: string | null;
  executed_by_id: string | null;
  executed_at: Date | string | null;
  completed_at: Date | string | null;
  workspace_id: string;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
/** Counts as the drivers return them (bigint on PostgreSQL), or null where not yet known. */
export const numberOrNull = (value: number | bigint | null) => (value === null ? null : Number(value));

export function lifecycleFromRow(row: LifecycleRow): BulkLifecycle {
  return {
    id: row.id,
    status: row.status as BulkStatus,
    createdBy: actorFromColumns(row.created_by_type, row.created_by_id),
    createdAt: new Date(row.created_at),
    executedBy: actorFromColumns(row.executed_by_type, row.executed_by_id),
    executedAt: dateOrNull(row.executed_at),
    completedAt: dateOrNull(row.completed_at),
    workspaceId: row.workspace_id,
  };
}

export function lifecycleToRow(plan: BulkLifecycle): LifecycleRow {
  return {
    id: plan.id,
    status: plan.status,
    // A plan is always made by someone; a row read back without (an unknown actor type) keeps its columns empty.
    created_by_type: plan.createdBy?.type ?? "",
    created_by_id: plan.createdBy ? actorId(plan.createdBy) : "",
    created_at: plan.createdAt,
    executed_by_type: plan.executedBy?.type ?? null,
    executed_by_id: plan.executedBy ? actorId(plan.executedBy) : null,
    executed_at: plan.executedAt,
    completed_at: plan.completedAt,
    workspace_id: plan.workspaceId,
  };
}

/**
 * A dry run stays good for this long, for every bulk operation; after it, what it saw is too old
 * to act on, and the execution asks for a new one.
 */
export const PLAN_TTL_MS = 60 * 60_000;

/** When a plan stops being executable (null once it has run). */
export function planExpiresAt(plan: Pick<BulkLifecycle, "status" | "createdAt">): Date | null {
  return plan.status === "planned" ? new Date(plan.createdAt.getTime() + PLAN_TTL_MS) : null;
}

/**
 * What a dry run saw, as one SHA-256: each entry names a target first (its id or path), then the
 * state it was seen in; entries are taken in the order of their first element, so the digest
 * does not depend on the order the finder returned them in.
 */
export function planDigest(entries: readonly (readonly [string, ...unknown[]])[]): string {
  return sha256Hex(JSON.stringify([...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))));
}

/**
 * The words a person types to confirm a plan: the verb and how much it covers, `erase 3
 * versions`, `delete 1 memory`; `import 200` when no noun is given.
 */
export function countPhrase(verb: string, count: number, noun?: { one: string; many: string }): string {
  return noun ? `${verb} ${count} ${count === 1 ? noun.one : noun.many}` : `${verb} ${count}`;
}
