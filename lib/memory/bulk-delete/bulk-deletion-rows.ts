import { actorFromColumns, type Actor } from "../actor.ts";
import { Prisma, type SqlClient } from "../db.ts";
import { sha256Hex } from "../hashing.ts";

export const BULK_TARGETS = ["memories", "stores"] as const;
/** memories: every memory under a path prefix in one store; stores: every store matching name and metadata. */
export type BulkTarget = (typeof BULK_TARGETS)[number];

export type BulkFilter =
  { target: "memories"; storeId: string; pathPrefix: string } | { target: "stores"; name?: string; metadata: readonly (readonly [string, string])[] };

export type BulkStatus = "planned" | "running" | "completed";

/**
 * planned: seen by the dry run; late: matched the filter after the execution without having
 * been seen (written or changed since), left for a new dry run.
 */
export type BulkItemKind = "planned" | "late";
/**
 * planned (dry run); then deleted; changed (it changed since the dry run: not deleted, reported);
 * gone (deleted by someone else meanwhile); left (late items).
 */
export type BulkItemOutcome = "planned" | "deleted" | "changed" | "gone" | "left";

export interface BulkItem {
  /** The memory's or store's id. */
  targetId: string;
  storeId: string;
  /** The memory's path or the store's name when seen. */
  label: string;
  /** The state the dry run saw: a memory's head version; a store's update time and newest version. */
  seen: string;
  /** Live memories it held when seen (1 for a memory). */
  memoryCount: number;
  kind: BulkItemKind;
  outcome: BulkItemOutcome;
}

export interface BulkDeletion {
  id: string;
  filter: BulkFilter;
  digest: string;
  status: BulkStatus;
  createdBy: Actor | null;
  createdAt: Date;
  executedBy: Actor | null;
  executedAt: Date | null;
  completedAt: Date | null;
  /** Memories or stores matching (before: seen by the dry run; after: still matching once done). */
  countBefore: number;
  memoriesBefore: number;
  countAfter: number | null;
  memoriesAfter: number | null;
}

export const BULK_COLUMNS = Prisma.raw(
  "id, target, filter, digest, status, created_by_type, created_by_id, created_at, executed_by_type, executed_by_id, executed_at, completed_at, count_before, memories_before, count_after, memories_after",
);

export interface BulkRow {
  id: string;
  target: string;
  filter: string;
  digest: string;
  status: string;
  created_by_type: string;
  created_by_id: string;
  created_at: Date | string;
  executed_by_type: string | null;
  executed_by_id: string | null;
  executed_at: Date | string | null;
  completed_at: Date | string | null;
  count_before: number | bigint;
  memories_before: number | bigint;
  count_after: number | bigint | null;
  memories_after: number | bigint | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const numberOrNull = (value: number | bigint | null) => (value === null ? null : Number(value));

/** The filter as stored (JSON, named as on the wire). */
export function filterToJson(filter: BulkFilter): string {
  return JSON.stringify(
    filter.target === "memories"
      ? { memory_store_id: filter.storeId, path_prefix: filter.pathPrefix }
      : { name: filter.name ?? null, metadata: Object.fromEntries(filter.metadata) },
  );
}

function filterFromJson(target: string, json: string): BulkFilter {
  const f = JSON.parse(json) as Record<string, unknown>;
  if (target === "memories") return { target, storeId: f.memory_store_id as string, pathPrefix: f.path_prefix as string };
  return { target: "stores", name: (f.name as string | null) ?? undefined, metadata: Object.entries(f.metadata as Record<string, string>) };
}

export function bulkFromRow(row: BulkRow): BulkDeletion {
  return {
    id: row.id,
    filter: filterFromJson(row.target, row.filter),
    digest: row.digest,
    status: row.status as BulkStatus,
    createdBy: actorFromColumns(row.created_by_type, row.created_by_id),
    createdAt: new Date(row.created_at),
    executedBy: actorFromColumns(row.executed_by_type, row.executed_by_id),
    executedAt: dateOrNull(row.executed_at),
    completedAt: dateOrNull(row.completed_at),
    countBefore: Number(row.count_before),
    memoriesBefore: Number(row.memories_before),
    countAfter: numberOrNull(row.count_after),
    memoriesAfter: numberOrNull(row.memories_after),
  };
}

/** What the execution must be shown to have seen: every target and its state, in id order. */
export function digestOf(items: readonly Pick<BulkItem, "targetId" | "seen">[]): string {
  return sha256Hex(JSON.stringify([...items].sort((a, b) => (a.targetId < b.targetId ? -1 : 1)).map((i) => [i.targetId, i.seen])));
}

/** The words a person types to confirm: they name how much goes. */
export function confirmationPhrase(bulk: Pick<BulkDeletion, "filter" | "countBefore">): string {
  const noun = bulk.filter.target === "memories" ? "memor" : "store";
  const plural = bulk.filter.target === "memories" ? (bulk.countBefore === 1 ? "y" : "ies") : bulk.countBefore === 1 ? "" : "s";
  return `delete ${bulk.countBefore} ${noun}${plural}`;
}

/** A dry run stays good for this long; after it, what it saw is too old to act on. */
export const BULK_PLAN_TTL_MS = 60 * 60_000;

const ITEMS_PER_STATEMENT = 200;

export async function insertBulkItems(tx: SqlClient, bulkId: string, items: readonly BulkItem[]) {
  for (let i = 0; i < items.length; i += ITEMS_PER_STATEMENT) {
    const values = items
      .slice(i, i + ITEMS_PER_STATEMENT)
      .map((it) => Prisma.sql`(${bulkId}, ${it.targetId}, ${it.storeId}, ${it.label}, ${it.seen}, ${it.memoryCount}, ${it.kind}, ${it.outcome})`);
    await tx.$executeRaw(
      Prisma.sql`INSERT INTO bulk_deletion_items (bulk_deletion_id, target_id, store_id, label, seen, memory_count, kind, outcome) VALUES ${Prisma.join(values)}`,
    );
  }
}

export async function setBulkOutcome(tx: SqlClient, bulkId: string, targetId: string, outcome: BulkItemOutcome) {
  await tx.$executeRaw`UPDATE bulk_deletion_items SET outcome = ${outcome} WHERE bulk_deletion_id = ${bulkId} AND target_id = ${targetId}`;
}
