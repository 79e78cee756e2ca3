import { actorId, type Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import { validatePathPrefix } from "../paths.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { parseStoreFilter } from "../stores/find-stores.ts";
import { digestOf, filterToJson, insertBulkItems, type BulkDeletion, type BulkFilter, type BulkItem } from "./bulk-deletion-rows.ts";
import { findBulkTargets } from "./find-bulk-targets.ts";

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
 * it is in, recorded in the database so that the execution acts on exactly what was seen here
 * (and its digest, which the execution must be given back). Changes nothing else.
 */
export async function planBulkDeletion(
  db: Db,
  input: { filter: BulkFilter; actor: Actor; onlyIds?: readonly string[] },
): Promise<{ bulk: BulkDeletion; items: BulkItem[] }> {
  const items: BulkItem[] = (await findBulkTargets(db, input.filter, input.onlyIds)).map((t) => ({ ...t, kind: "planned", outcome: "planned" }));
  const bulk: BulkDeletion = {
    id: newId("bulkdel"),
    filter: input.filter,
    digest: digestOf(items),
    status: "planned",
    createdBy: input.actor,
    createdAt: new Date(),
    executedBy: null,
    executedAt: null,
    completedAt: null,
    countBefore: items.length,
    memoriesBefore: items.reduce((n, i) => n + i.memoryCount, 0),
    countAfter: null,
    memoriesAfter: null,
  };
  const storeId = input.filter.target === "memories" ? input.filter.storeId : null;
  await db.sqlTransaction(
    async (tx) => {
      await tx.$executeRaw`
        INSERT INTO bulk_deletions (id, target, filter, store_id, digest, status, created_by_type, created_by_id, created_at, count_before, memories_before)
        VALUES (${bulk.id}, ${input.filter.target}, ${filterToJson(input.filter)}, ${storeId}, ${bulk.digest}, 'planned',
          ${input.actor.type}, ${actorId(input.actor)}, ${bulk.createdAt}, ${bulk.countBefore}, ${bulk.memoriesBefore})`;
      await insertBulkItems(tx, bulk.id, items);
    },
    { timeoutMs: 60_000 },
  );
  return { bulk, items };
}
