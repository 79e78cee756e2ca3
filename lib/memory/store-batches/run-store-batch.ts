import type { Actor } from "../actor.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import { getItems, getRow, listRows } from "../bulk/report-tables.ts";
import type { Db, SqlClient } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";
import { readTemplate, seeTemplate, tryTemplate } from "./batch-template.ts";
import { checkRows } from "./check-rows.ts";
import { readStoreCsv } from "./read-store-csv.ts";
import { STORE_BATCH } from "./store-batch-operation.ts";
import { STORE_BATCH_LIMITS } from "./store-batch-limits.ts";
import { STORE_BATCH_ITEMS, STORE_BATCHES, type StoreBatch, type StoreBatchItem } from "./store-batch-rows.ts";
import { storesByValue } from "./stores-by-value.ts";

export interface PlanStoreBatchInput {
  /** The CSV file's bytes (columns name, description, metadata.<key>). */
  csv: Uint8Array;
  /** A store each new store copies (its live memories), or none: empty stores. */
  templateStoreId?: string | null;
  /** A metadata key (`user_id`): one store per value; rows whose value a store already has are skipped. */
  uniqueBy?: string | null;
  /** The file's name as the person gave it, for the report. */
  sourceName?: string | null;
  actor: Actor;
  workspaceId: string;
}

/**
 * The dry run of a store batch: the file read, every row checked (each bad row named with its
 * columns), the rows whose unique_by value a store of the workspace already has planned as
 * skips, the template seen, all recorded so that the execution creates exactly these stores.
 * Nothing else is written.
 */
export async function planStoreBatch(db: Db, input: PlanStoreBatchInput): Promise<{ plan: StoreBatch; items: StoreBatchItem[] }> {
  const uniqueBy = input.uniqueBy || null;
  if (uniqueBy !== null && ([...uniqueBy].length < 1 || [...uniqueBy].length > LIMITS.metadataKeyChars)) {
    throw invalidRequest(`unique_by: a metadata key is 1 to ${LIMITS.metadataKeyChars} characters long.`);
  }
  const template = input.templateStoreId ? await seeTemplate(db, input.templateStoreId, input.workspaceId) : null;
  const { columns, records } = await readStoreCsv(input.csv);
  if (uniqueBy !== null && !columns.some((c) => c.field === "metadata" && c.key === uniqueBy)) {
    throw invalidRequest(`unique_by: the CSV has no metadata.${uniqueBy} column.`);
  }
  if (template && template.memoryCount * records.length > STORE_BATCH_LIMITS.memoriesWritten) {
    throw invalidRequest(
      `${records.length} stores of a ${template.memoryCount}-memory template are more than ${STORE_BATCH_LIMITS.memoriesWritten.toLocaleString("en-US")} memories; split the file.`,
    );
  }
  const rows = await checkRows(columns, records, uniqueBy);
  const existing = uniqueBy !== null ? await storesByValue(db, input.workspaceId, uniqueBy) : new Map<string, string>();
  return planBulk(db, STORE_BATCH, {
    selection: { rows, existing, uniqueBy, template, sourceName: input.sourceName ?? null },
    actor: input.actor,
    workspaceId: input.workspaceId,
  });
}

export interface ExecuteStoreBatchInput {
  id: string;
  confirmation: unknown;
  actor: Actor;
  workspaceId: string;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Carries out a store batch's dry run (store-batch-operation.ts says how, the bulk lifecycle
 * when): its template read once, only if it still holds what the dry run saw; the row becomes
 * the report.
 */
export async function executeStoreBatch(db: Db, input: ExecuteStoreBatchInput): Promise<{ plan: StoreBatch; items: StoreBatchItem[] }> {
  const batch = await getStoreBatch(db.sql, input.id, input.workspaceId);
  const seen = batch.templateStoreId && { storeId: batch.templateStoreId, memoryCount: batch.templateMemoryCount, digest: batch.templateDigest ?? "" };
  // Read before the claim (executeBulk's own checks come first there): a changed template refuses the run with nothing written.
  const template = seen && batch.status === "planned" ? await readTemplate(db, seen, input.workspaceId) : [];
  if (seen && template.length > 0) {
    await tryTemplate(db, { workspaceId: input.workspaceId, batchId: batch.id, templateStoreId: seen.storeId, memories: template, actor: input.actor });
  }
  return executeBulk(db, STORE_BATCH, {
    id: input.id,
    confirmation: input.confirmation,
    actor: input.actor,
    workspaceId: input.workspaceId,
    onProgress: input.onProgress,
    check: () => ({
      template,
      batch: db.dialect.importBatch,
      deferSearchIndex: db.dialect.bulkWritesDeferSearchIndex,
      position: db.dialect.position,
    }),
  });
}

export function getStoreBatch(client: SqlClient, id: string, workspaceId: string): Promise<StoreBatch> {
  return getRow(client, STORE_BATCHES, id, "Store batch", workspaceId);
}

/** Every row of a store batch, in the file's order. */
export function getStoreBatchItems(client: SqlClient, id: string): Promise<StoreBatchItem[]> {
  return getItems(client, STORE_BATCH_ITEMS, id);
}

/** The workspace's store batches newest first (dry runs included). */
export function listStoreBatches(db: Db, input: { limit: number; afterId?: string; workspaceId: string }) {
  return listRows(db.sql, STORE_BATCHES, input);
}
