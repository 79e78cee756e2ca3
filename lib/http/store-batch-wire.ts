import { z } from "zod";
import { assertStoreAccess, type Principal } from "../auth/principal.ts";
import type { StoreBatch, StoreBatchItem } from "../memory/store-batches/store-batch-rows.ts";
import { storeBatchConfirmation } from "../memory/store-batches/store-batch-rows.ts";
import { lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";

/** Wire shapes of this project's store copies and store batches (/v1/store_copies, /v1/store_batches: extensions). */
const flag = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");

export const copyStoreBody = z.strictObject({
  source_memory_store_id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  /** Passes through as sent; lib/memory checks it (as on a store create). */
  metadata: z.unknown().optional(),
  path_prefix: z.string().nullish(),
});

export const planStoreBatchQuery = z.object({
  template_store_id: z.string().optional().meta({ description: "A store of the workspace each new store copies (its live memories, not their history)." }),
  unique_by: z.string().optional().meta({
    description: "A metadata key (a metadata.<key> column): one store per value; rows whose value a store of the workspace already has are skipped.",
  }),
  source_name: z.string().max(255, "must be at most 255 characters").optional().meta({ description: "The file's name, kept in the report." }),
});

export const executeStoreBatchQuery = z.object({
  progress: flag.optional().meta({
    description:
      "true: answer application/x-ndjson at once, {type:'store_batch_progress', written, total} lines (stores done, of how many) while it runs, then the report or the error envelope as the last line.",
  }),
});

export const executeStoreBatchBody = z.strictObject({ confirmation: z.string() });

/** The content types a CSV body may come as (a browser's `fetch` of a string sends text/plain). */
const CSV_TYPES = ["text/csv", "text/plain", "application/csv"];
export const isCsvContentType = (value: string | null) => CSV_TYPES.includes((value ?? "").split(";")[0]!.trim().toLowerCase());

/** Creating stores takes what creating one store takes: write access, and not a key limited to some stores. */
export function assertMayCreateStores(principal: Principal) {
  assertStoreAccess(principal, null);
}

function itemWire(item: StoreBatchItem) {
  return {
    row: item.row,
    name: item.name,
    description: item.description,
    metadata: item.metadata,
    unique_value: item.uniqueValue,
    action: item.action,
    problems: item.problems,
    existing_memory_store_id: item.existingStoreId,
    outcome: item.outcome,
    memory_store_id: item.memoryStoreId,
  };
}

/** A store batch: the dry run while `planned`, the report once `completed`; with its rows (and every problem, flat) when asked for. */
export function storeBatchWire(batch: StoreBatch, items?: StoreBatchItem[]) {
  return {
    type: "store_batch" as const,
    id: batch.id,
    status: batch.status,
    source_name: batch.sourceName,
    template_store_id: batch.templateStoreId,
    template_memory_count: batch.templateMemoryCount,
    unique_by: batch.uniqueBy,
    digest: batch.digest,
    ...lifecycleWire(batch, storeBatchConfirmation(batch)),
    counts: { ...batch.counts, created: batch.createdCount, late: batch.lateCount },
    ...(items && {
      problems: items.flatMap((i) => i.problems.map((p) => ({ row: i.row, column: p.column, message: p.message }))),
      items: items.map(itemWire),
    }),
  };
}

/** The report as CSV (lib/http/csv.ts guards every cell against formulas), one line per row of the file. */
export function storeBatchCsv(batch: StoreBatch, items: StoreBatchItem[]): string {
  const columns: CsvColumn<StoreBatchItem>[] = [
    ["store_batch_id", () => batch.id],
    ["row", (i) => i.row],
    ["name", (i) => i.name],
    ["description", (i) => i.description],
    ["metadata", (i) => JSON.stringify(i.metadata)],
    ["unique_value", (i) => i.uniqueValue],
    ["action", (i) => i.action],
    ["problems", (i) => i.problems.map((p) => `${p.column}: ${p.message}`).join("; ")],
    ["existing_memory_store_id", (i) => i.existingStoreId],
    ["outcome", (i) => i.outcome],
    ["memory_store_id", (i) => i.memoryStoreId],
  ];
  return toCsv(columns, items);
}
