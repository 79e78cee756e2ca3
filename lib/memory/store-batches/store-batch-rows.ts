import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, numberOrNull, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";
import { defineItemTable, defineTable } from "../bulk/report-tables.ts";

/** What the dry run plans for a row: create its store, skip it (a store already has its unique_by value), or nothing (a bad row). */
export type StoreBatchAction = "create" | "skip" | "invalid";
/**
 * planned, skipped, invalid (the dry run's); then created; late (a store took the row's unique_by
 * value after the dry run: not created, the store that took it named); gone (the workspace was
 * archived meanwhile).
 */
export type StoreBatchOutcome = "planned" | "skipped" | "invalid" | "created" | "late" | "gone";

/** One thing wrong with a row, named by its column (`name`, `description`, `metadata.<key>`, or `metadata` for them all). */
export interface RowProblem {
  column: string;
  message: string;
}

export interface StoreBatchItem {
  /** The row as a spreadsheet numbers it: the header is row 1, the first store row 2. */
  row: number;
  name: string;
  description: string;
  metadata: Record<string, string>;
  uniqueValue: string | null;
  action: StoreBatchAction;
  problems: RowProblem[];
  /** skip: the store that already has the row's unique_by value. */
  existingStoreId: string | null;
  outcome: StoreBatchOutcome;
  /** The store created; late: the store that took the value. */
  memoryStoreId: string | null;
}

export interface StoreBatchCounts {
  rows: number;
  create: number;
  skip: number;
  invalid: number;
}

export interface StoreBatch extends BulkLifecycle {
  sourceName: string | null;
  templateStoreId: string | null;
  /** SHA-256 of the template's (path, content_sha256) pairs the dry run saw. */
  templateDigest: string | null;
  templateMemoryCount: number;
  uniqueBy: string | null;
  digest: string;
  counts: StoreBatchCounts;
  /** At completion: stores created, and rows whose value was taken since the dry run. */
  createdCount: number | null;
  lateCount: number | null;
}

type StoreBatchRow = LifecycleRow & {
  source_name: string | null;
  template_store_id: string | null;
  template_digest: string | null;
  template_memory_count: number | bigint;
  unique_by: string | null;
  digest: string;
  counts: string;
  created_count: number | bigint | null;
  late_count: number | bigint | null;
};

export const STORE_BATCHES = defineTable<StoreBatch, StoreBatchRow>({
  name: "store_batches",
  columns: [
    ...LIFECYCLE_COLUMNS,
    "source_name",
    "template_store_id",
    "template_digest",
    "template_memory_count",
    "unique_by",
    "digest",
    "counts",
    "created_count",
    "late_count",
  ],
  toRow: (b) => ({
    ...lifecycleToRow(b),
    source_name: b.sourceName,
    template_store_id: b.templateStoreId,
    template_digest: b.templateDigest,
    template_memory_count: b.templateMemoryCount,
    unique_by: b.uniqueBy,
    digest: b.digest,
    counts: JSON.stringify(b.counts),
    created_count: b.createdCount,
    late_count: b.lateCount,
  }),
  fromRow: (row) => ({
    ...lifecycleFromRow(row),
    sourceName: row.source_name,
    templateStoreId: row.template_store_id,
    templateDigest: row.template_digest,
    templateMemoryCount: Number(row.template_memory_count),
    uniqueBy: row.unique_by,
    digest: row.digest,
    counts: JSON.parse(row.counts) as StoreBatchCounts,
    createdCount: numberOrNull(row.created_count),
    lateCount: numberOrNull(row.late_count),
  }),
});

type StoreBatchItemRow = {
  row_number: number | bigint;
  name: string;
  description: string;
  metadata: string;
  unique_value: string | null;
  action: string;
  problems: string | null;
  existing_store_id: string | null;
  outcome: string;
  memory_store_id: string | null;
};

/** Every row of the file, in its order. */
export const STORE_BATCH_ITEMS = defineItemTable<StoreBatchItem, StoreBatchItemRow>({
  name: "store_batch_items",
  planColumn: "store_batch_id",
  keyColumn: "row_number",
  columns: ["row_number", "name", "description", "metadata", "unique_value", "action", "problems", "existing_store_id", "outcome", "memory_store_id"],
  resultColumns: ["outcome", "memory_store_id"],
  orderBy: ["row_number"],
  toRow: (i) => ({
    row_number: i.row,
    name: i.name,
    description: i.description,
    metadata: JSON.stringify(i.metadata),
    unique_value: i.uniqueValue,
    action: i.action,
    problems: i.problems.length ? JSON.stringify(i.problems) : null,
    existing_store_id: i.existingStoreId,
    outcome: i.outcome,
    memory_store_id: i.memoryStoreId,
  }),
  fromRow: (r) => ({
    row: Number(r.row_number),
    name: r.name,
    description: r.description,
    metadata: JSON.parse(r.metadata) as Record<string, string>,
    uniqueValue: r.unique_value,
    action: r.action as StoreBatchAction,
    problems: r.problems === null ? [] : (JSON.parse(r.problems) as RowProblem[]),
    existingStoreId: r.existing_store_id,
    outcome: r.outcome as StoreBatchOutcome,
    memoryStoreId: r.memory_store_id,
  }),
});

/** The words a person types to confirm: how many stores are created. */
export function storeBatchConfirmation(batch: Pick<StoreBatch, "counts">): string {
  return countPhrase("create", batch.counts.create, { one: "store", many: "stores" });
}
