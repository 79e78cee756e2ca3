import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, numberOrNull, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";
import { defineItemTable, defineTable } from "../bulk/report-tables.ts";

export type BulkFilter =
  { target: "memories"; storeId: string; pathPrefix: string } | { target: "stores"; name?: string; metadata: readonly (readonly [string, string])[] };

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

export interface BulkDeletion extends BulkLifecycle {
  filter: BulkFilter;
  digest: string;
  /** Memories or stores matching (before: seen by the dry run; after: still matching once done). */
  countBefore: number;
  memoriesBefore: number;
  countAfter: number | null;
  memoriesAfter: number | null;
}

type BulkRow = LifecycleRow & {
  target: string;
  filter: string;
  /** The store of a memories deletion (store-limited keys see only their stores' reports). */
  store_id: string | null;
  digest: string;
  count_before: number | bigint;
  memories_before: number | bigint;
  count_after: number | bigint | null;
  memories_after: number | bigint | null;
};

/** The filter as stored (JSON, named as on the wire). */
function filterToJson(filter: BulkFilter): string {
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

export const BULK_DELETIONS = defineTable<BulkDeletion, BulkRow>({
  name: "bulk_deletions",
  columns: [...LIFECYCLE_COLUMNS, "target", "filter", "store_id", "digest", "count_before", "memories_before", "count_after", "memories_after"],
  toRow: (b) => ({
    ...lifecycleToRow(b),
    target: b.filter.target,
    filter: filterToJson(b.filter),
    store_id: b.filter.target === "memories" ? b.filter.storeId : null,
    digest: b.digest,
    count_before: b.countBefore,
    memories_before: b.memoriesBefore,
    count_after: b.countAfter,
    memories_after: b.memoriesAfter,
  }),
  fromRow: (row) => ({
    ...lifecycleFromRow(row),
    filter: filterFromJson(row.target, row.filter),
    digest: row.digest,
    countBefore: Number(row.count_before),
    memoriesBefore: Number(row.memories_before),
    countAfter: numberOrNull(row.count_after),
    memoriesAfter: numberOrNull(row.memories_after),
  }),
});

type BulkItemRow = { target_id: string; store_id: string; label: string; seen: string; memory_count: number | bigint; kind: string; outcome: string };

/** What the dry run saw (by store, then path or name), then what matched late. */
export const BULK_DELETION_ITEMS = defineItemTable<BulkItem, BulkItemRow>({
  name: "bulk_deletion_items",
  planColumn: "bulk_deletion_id",
  keyColumn: "target_id",
  columns: ["target_id", "store_id", "label", "seen", "memory_count", "kind", "outcome"],
  resultColumns: ["outcome"],
  orderBy: ["kind DESC", "store_id", "label", "target_id"],
  toRow: (i) => ({
    target_id: i.targetId,
    store_id: i.storeId,
    label: i.label,
    seen: i.seen,
    memory_count: i.memoryCount,
    kind: i.kind,
    outcome: i.outcome,
  }),
  fromRow: (r) => ({
    targetId: r.target_id,
    storeId: r.store_id,
    label: r.label,
    seen: r.seen,
    memoryCount: Number(r.memory_count),
    kind: r.kind as BulkItemKind,
    outcome: r.outcome as BulkItemOutcome,
  }),
});

/** The words a person types to confirm: they name how much goes. */
export function confirmationPhrase(bulk: Pick<BulkDeletion, "filter" | "countBefore">): string {
  const noun = bulk.filter.target === "memories" ? { one: "memory", many: "memories" } : { one: "store", many: "stores" };
  return countPhrase("delete", bulk.countBefore, noun);
}
