import type { Actor } from "../actor.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import { getItems, getRow, listRows } from "../bulk/report-tables.ts";
import { type Sql, sql, type Db, type SqlClient } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { assertStoreInWorkspace } from "../stores/assert-store-in-workspace.ts";
import { validatePathPrefix } from "../paths.ts";
import type { PutBackItem } from "./put-back-items.ts";
import { RESTORE } from "./restore-operation.ts";
import type { Restore } from "./restore-rows.ts";
import { REVERT, type RevertSelection } from "./revert-operation.ts";
import type { Revert, RevertPrincipal } from "./revert-rows.ts";
import { actorId } from "../actor.ts";
import { invalidRequest } from "../errors.ts";

/** Restores and reverts through the one bulk lifecycle (lib/memory/bulk): dry run, execution, reports. */

export async function planRestore(db: Db, input: { storeId: string; asOf: Date; pathPrefix?: string; actor: Actor; workspaceId: string }) {
  const pathPrefix = validatePathPrefix(input.pathPrefix ?? "/");
  await assertStoreInWorkspace(db.sql, input.workspaceId, input.storeId);
  return planBulk(db, RESTORE, { selection: { storeId: input.storeId, asOf: input.asOf, pathPrefix }, actor: input.actor, workspaceId: input.workspaceId });
}

/** Exactly one of a session, an API key or a user: whose changes a revert undoes. */
export function revertPrincipal(input: { session_id?: string; api_key_id?: string; user_id?: string }): RevertPrincipal {
  const given = [
    input.session_id !== undefined && ({ type: "session_actor", session_id: input.session_id } as const),
    input.api_key_id !== undefined && ({ type: "api_actor", api_key_id: input.api_key_id } as const),
    input.user_id !== undefined && ({ type: "user_actor", user_id: input.user_id } as const),
  ].filter((p) => p !== false);
  if (given.length !== 1) throw invalidRequest("Name exactly one of session_id, api_key_id and user_id: whose changes to revert.");
  const principal = given[0]!;
  if (actorId(principal).length === 0)
    throw invalidRequest(
      `${principal.type === "session_actor" ? "session_id" : principal.type === "api_actor" ? "api_key_id" : "user_id"}: must not be empty.`,
    );
  return principal;
}

export async function planRevert(db: Db, input: RevertSelection & { actor: Actor; workspaceId: string }) {
  const { actor, workspaceId, ...selection } = input;
  if (selection.gte && selection.lte && selection.gte > selection.lte) throw invalidRequest("created_at[gte]: must not be later than created_at[lte].");
  await assertStoreInWorkspace(db.sql, workspaceId, selection.storeId);
  return planBulk(db, REVERT, { selection, actor, workspaceId });
}

export function executeRestore(db: Db, input: { id: string; confirmation: unknown; actor: Actor; workspaceId: string }) {
  return executeBulk(db, RESTORE, { ...input, check: () => ({}) });
}

export function executeRevert(db: Db, input: { id: string; confirmation: unknown; actor: Actor; workspaceId: string }) {
  return executeBulk(db, REVERT, { ...input, check: () => ({}) });
}

/** A restore's plan or report row alone (who may carry it out is decided on it), without its items. */
export const getRestorePlan = (client: SqlClient, id: string, workspaceId: string): Promise<Restore> =>
  getRow(client, RESTORE.plans, id, RESTORE.words.noun, workspaceId);

export async function getRestore(client: SqlClient, id: string, workspaceId: string): Promise<{ plan: Restore; items: PutBackItem[] }> {
  return { plan: await getRestorePlan(client, id, workspaceId), items: await getItems(client, RESTORE.items, id) };
}

/** A revert's plan or report row alone, without its items. */
export const getRevertPlan = (client: SqlClient, id: string, workspaceId: string): Promise<Revert> =>
  getRow(client, REVERT.plans, id, REVERT.words.noun, workspaceId);

export async function getRevert(client: SqlClient, id: string, workspaceId: string): Promise<{ plan: Revert; items: PutBackItem[] }> {
  return { plan: await getRevertPlan(client, id, workspaceId), items: await getItems(client, REVERT.items, id) };
}

/** Reports and dry runs newest first, of the scope's workspace and stores (a store-limited key's), `storeId` of one. */
function storeWhere(input: { scope: StoreScope; storeId?: string }): Sql[] {
  return [inStoreScope(input.scope, sql`store_id`), ...(input.storeId ? [sql`store_id = ${input.storeId}`] : [])];
}

type ListInput = { limit: number; afterId?: string; scope: StoreScope; storeId?: string };

export function listRestores(db: Db, input: ListInput) {
  return listRows(db.sql, RESTORE.plans, { limit: input.limit, afterId: input.afterId, workspaceId: input.scope.workspaceId, where: storeWhere(input) });
}

export function listReverts(db: Db, input: ListInput) {
  return listRows(db.sql, REVERT.plans, { limit: input.limit, afterId: input.afterId, workspaceId: input.scope.workspaceId, where: storeWhere(input) });
}
