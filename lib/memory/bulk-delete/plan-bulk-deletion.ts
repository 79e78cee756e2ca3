import type { Actor } from "../actor.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { validatePathPrefix } from "../paths.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { parseStoreFilter } from "../stores/find-stores.ts";
import { BULK_DELETION } from "./bulk-deletion-operation.ts";
import type { BulkDeletion, BulkFilter, BulkItem } from "./bulk-deletion-rows.ts";

export type BulkFilterInput =
  { target: "memories"; memory_store_id: string; path_prefix: string } | { target: "stores"; name?: string | null; metadata?: Record<string, string> | null };

/** Checks a filter: a store and a folder prefix, or a store name piece and/or metadata pairs (not nothing: that is every store). */
export async function parseBulkFilter(db: Db, input: BulkFilterInput): Promise<BulkFilter> {
  if (input.target === "memories") {
    await assertStoreExists(db.sql, input.memory_store_id);
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
  input: { filter: BulkFilter; actor: Actor; onlyIds?: readonly string[] },
): Promise<{ bulk: BulkDeletion; items: BulkItem[] }> {
  const { plan, items } = await planBulk(db, BULK_DELETION, { selection: { filter: input.filter, onlyIds: input.onlyIds }, actor: input.actor });
  return { bulk: plan, items };
}
