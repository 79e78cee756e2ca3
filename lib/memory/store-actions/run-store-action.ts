import type { Actor } from "../actor.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import { getItems, getRow, listRows } from "../bulk/report-tables.ts";
import { join, sql, type Db } from "../db.ts";
import { invalidRequest, notFound } from "../errors.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { matchesInCode, type StoreSelection } from "../stores/store-selection.ts";
import { MAX_STORES_PER_ACTION, STORE_ACTIONS } from "./store-action-operation.ts";
import { STORE_ACTION_TABLES, type StoreAction, type StoreActionItem, type StoreActionKind, type StoreActionSelection } from "./store-action-rows.ts";

/** Whether a filter narrows anything: an empty one would be every store of the workspace. */
const narrows = (f: StoreSelection) =>
  matchesInCode(f) || f.archived === "only" || f.idleDays !== undefined || f.minFillPercent !== undefined || f.minContentBytes !== undefined;

/** Checks a selection: ids of stores in the scope (another workspace's answer as missing), or a filter that narrows. */
async function checkSelection(db: Db, selection: StoreActionSelection, scope: StoreScope): Promise<StoreActionSelection> {
  if ("filter" in selection) {
    if (!narrows(selection.filter))
      throw invalidRequest(
        "filter: give at least one of name, metadata, idle_days, min_fill_percent, min_content_bytes or archived: an empty filter would be every store.",
      );
    return selection;
  }
  const ids = [...new Set(selection.storeIds)];
  if (ids.length === 0) throw invalidRequest("memory_store_ids: name at least one store.");
  if (ids.length > MAX_STORES_PER_ACTION) throw invalidRequest(`memory_store_ids: at most ${MAX_STORES_PER_ACTION.toLocaleString("en-US")} stores.`);
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.sql.$queryRaw<{ id: string }[]>`
      SELECT id FROM memory_stores WHERE id IN (${join(ids.slice(i, i + 500))}) AND ${inStoreScope(scope, sql`id`, sql`workspace_id`)}`;
    for (const row of rows) found.add(row.id);
  }
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw notFound(`Memory store ${missing} not found.`);
  return { storeIds: ids };
}

/**
 * The dry run of a bulk store archival or deletion: every store the selection holds now, with its
 * size and the state it is in, recorded so that the execution acts on exactly what was seen.
 */
export async function planStoreAction(
  db: Db,
  input: { action: StoreActionKind; selection: StoreActionSelection; actor: Actor; scope: StoreScope },
): Promise<{ plan: StoreAction; items: StoreActionItem[] }> {
  const selection = await checkSelection(db, input.selection, input.scope);
  return planBulk(db, STORE_ACTIONS[input.action], { selection: { selection, scope: input.scope }, actor: input.actor, workspaceId: input.scope.workspaceId });
}

/** Carries out a dry run given its confirmation phrase; the plan becomes the report. */
export function executeStoreAction(
  db: Db,
  input: { action: StoreActionKind; id: string; confirmation: unknown; actor: Actor; scope: StoreScope },
): Promise<{ plan: StoreAction; items: StoreActionItem[] }> {
  return executeBulk(db, STORE_ACTIONS[input.action], {
    id: input.id,
    confirmation: input.confirmation,
    actor: input.actor,
    workspaceId: input.scope.workspaceId,
    check: () => ({ scope: input.scope }),
  });
}

export async function getStoreAction(db: Db, action: StoreActionKind, id: string, workspaceId: string) {
  const operation = STORE_ACTIONS[action];
  const plan = await getRow(db.sql, operation.plans, id, operation.words.noun, workspaceId);
  return { plan, items: await getItems(db.sql, operation.items, id) };
}

/** A workspace's archivals or deletions, newest first (dry runs included). */
export function listStoreActions(db: Db, action: StoreActionKind, input: { limit: number; afterId?: string; workspaceId: string }) {
  return listRows(db.sql, STORE_ACTION_TABLES[action].plans, { limit: input.limit, afterId: input.afterId, workspaceId: input.workspaceId, where: [] });
}
