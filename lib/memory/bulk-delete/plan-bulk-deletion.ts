import type { Actor } from "../actor.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { validatePathPrefix } from "../paths.ts";
import type { StoreScope } from "../store-scope.ts";
import { assertStoreInWorkspace } from "../stores/assert-store-in-workspace.ts";
import { parseStoreFilter } from "../stores/store-selection.ts";
import { BULK_DELETION } from "./bulk-deletion-operation.ts";
import type { BulkDeletion, BulkFilter, BulkItem } from "./bulk-deletion-rows.ts";

export type BulkFilterInput =
  { target: "memories"; memory_store_id: string; path_prefix: string } | { target: "stores"; name?: string | null; metadata?: Record<string, string> | null };

/**
 * Checks a filter: a store of the workspace (another's answers as missing) and a folder prefix,
 * or a store name piece and/or metadata pairs (not nothing: that is every store).
 */
export async function parseBulkFilter(db: Db, input: BulkFilterInput, workspaceId: string): Promise<BulkFilter> {
  if (input.target === "memories") {
    await assertStoreInWorkspace(db.sql, workspaceId, input.memory_store_id);
    return { target: "memories", storeId: input.memory_store_id, pathPrefix: validatePathPrefix(input.path_prefix) };
  }
  const pairs = Object.entries(input.metadata ?? {}).map(([k, v]) => `${k}:${v}`);
  const { name, metadata } = parseStoreFilter(input.name ?? undefined, pairs);
  if (name === undefined && !metadata?.length) throw invalidRequest("A stores filter needs a name or metadata: an empty one would match every store.");
  return { target: "stores", name, metadata: metadata ?? [] };
}

/**
 * The dry run of a bulk delete: every memory or store the filter matches now, with the state
 * it is in, recorded so that the execution acts on exactly what was seen here (and its digest,
 * which the execution must be given back). Changes nothing else.
 */
export async function planBulkDeletion(
  db: Db,
  input: { filter: BulkFilter; actor: Actor; scope: StoreScope },
): Promise<{ bulk: BulkDeletion; items: BulkItem[] }> {
  const { scope } = input;
  if (input.filter.target === "memories") await assertStoreInWorkspace(db.sql, scope.workspaceId, input.filter.storeId);
  const { plan, items } = await planBulk(db, BULK_DELETION, { selection: { filter: input.filter, scope }, actor: input.actor, workspaceId: scope.workspaceId });
  return { bulk: plan, items };
}
