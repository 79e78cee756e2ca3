import type { Actor } from "../actor.ts";
import type { StoreScope } from "../store-scope.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import { getItems, getRow, listRows } from "../bulk/report-tables.ts";
import { sql, type Db, type SqlClient } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { BATCH_UNDO } from "./batch-undo-operation.ts";
import type { BatchUndo, BatchUndoItem } from "./batch-undo-rows.ts";
import { batchDecisions } from "./find-batch-undo.ts";

/** Batch undos through the one bulk lifecycle (lib/memory/bulk): dry run, execution, reports. */

export async function planBatchUndo(db: Db, input: { batchId: string; scope: StoreScope; actor: Actor }) {
  const [first] = await batchDecisions(db, input);
  const action = first!.action;
  if (action !== "approved" && action !== "reverted")
    throw invalidRequest(`Review batch ${input.batchId} ${action} memories; only approvals and reverts can be undone.`);
  return planBulk(db, BATCH_UNDO, {
    selection: { batchId: input.batchId, scope: input.scope, action },
    actor: input.actor,
    workspaceId: input.scope.workspaceId,
  });
}

export function executeBatchUndo(db: Db, input: { id: string; confirmation: unknown; actor: Actor; workspaceId: string }) {
  return executeBulk(db, BATCH_UNDO, { ...input, check: () => ({}) });
}

export async function getBatchUndo(client: SqlClient, id: string, workspaceId: string): Promise<{ plan: BatchUndo; items: BatchUndoItem[] }> {
  const plan = await getRow(client, BATCH_UNDO.plans, id, BATCH_UNDO.words.noun, workspaceId);
  return { plan, items: await getItems(client, BATCH_UNDO.items, id) };
}

/**
 * Undos of the scope's workspace newest first (all of one batch with `batchId`); a scope with
 * `storeIds` keeps those whose stores are all among them (a store-limited key's), so a page may
 * hold fewer than `limit`.
 */
export async function listBatchUndos(db: Db, input: { limit: number; afterId?: string; batchId?: string; scope: StoreScope }) {
  const page = await listRows(db.sql, BATCH_UNDO.plans, {
    limit: input.limit,
    afterId: input.afterId,
    workspaceId: input.scope.workspaceId,
    where: input.batchId ? [sql`batch_id = ${input.batchId}`] : [],
  });
  const visible = input.scope.storeIds;
  return visible ? { ...page, items: page.items.filter((u) => u.storeIds.every((s) => visible.includes(s))) } : page;
}
