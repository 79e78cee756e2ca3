import { type Sql, join, sql, type Db, type SqlClient } from "../db.ts";
import { conflict, invalidRequest, storeNotFound } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { LIMITS } from "../limits.ts";
import type { ItemTable } from "../bulk/report-tables.ts";
import type { PutBackItem, LiveHead } from "./put-back-items.ts";

/**
 * After an execution, what to look for late: memories written since the dry run (`since`) that
 * the plan does not name, neither as a memory it saw nor as one it re-created under a new id.
 * From the dry run's own millisecond on: a write in it that the dry run saw is named by the plan.
 */
export type LateSearch = { planId: string; since: Date };

/** The SQL condition on `memory_versions` of a late search. */
export function writtenLate(items: ItemTable<PutBackItem>, late: LateSearch): Sql {
  return sql`created_at >= ${late.since}
    AND memory_id NOT IN (SELECT memory_id FROM ${items.sqlName} WHERE ${items.planColumn} = ${late.planId})
    AND memory_id NOT IN (SELECT new_memory_id FROM ${items.sqlName} WHERE ${items.planColumn} = ${late.planId} AND new_memory_id IS NOT NULL)`;
}

/** Late items come after every planned one in the report. */
export const LATE_POSITION = 1_000_000;

export function lateItem(item: PutBackItem): PutBackItem {
  return { ...item, position: LATE_POSITION + item.position, outcome: "late", reason: "late: written after the dry run; left alone (run a new dry run)" };
}

/** Memory ids per statement. */
const IDS_PER_STATEMENT = 500;

export function batches<T>(values: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  return Array.from({ length: Math.ceil(values.length / size) }, (_, n) => values.slice(n * size, (n + 1) * size));
}

/**
 * The live heads of these memories now. Found by id alone, the store checked here: with
 * `store_id` in the statement SQLite (which keeps no statistics) walked the store's whole
 * (store_id, path) index for each batch (75 ms a batch of 500 in a store of 10,000).
 */
export async function liveHeads(client: SqlClient, storeId: string, memoryIds: readonly string[]): Promise<Map<string, LiveHead>> {
  const heads = new Map<string, LiveHead>();
  const all = batches(memoryIds);
  for (const ids of all) {
    const rows = await client.$queryRaw<
      { id: string; store_id: string; path: string; content_sha256: string; content_size_bytes: number | bigint; memory_version_id: string }[]
    >`SELECT id, store_id, path, content_sha256, content_size_bytes, memory_version_id FROM memories WHERE id IN (${join(ids)})`;
    for (const r of rows) {
      if (r.store_id !== storeId) continue;
      heads.set(r.id, { memoryId: r.id, versionId: r.memory_version_id, path: r.path, sha256: r.content_sha256, sizeBytes: Number(r.content_size_bytes) });
    }
    if (all.length > 1) await letOthersRun();
  }
  return heads;
}

/**
 * Refused up front, before a dry run is recorded: an archived store (nothing can be written to
 * it), and a plan that would take the store past its memory limit (creates minus deletes).
 */
export async function assertCanPutBack(db: Db, storeId: string, items: readonly Pick<PutBackItem, "action">[]): Promise<void> {
  const [store] = await db.sql.$queryRaw<{ archived_at: unknown; memory_count: number | bigint }[]>`
    SELECT archived_at, memory_count FROM memory_stores WHERE id = ${storeId}`;
  if (!store) throw storeNotFound(storeId);
  if (store.archived_at != null)
    throw conflict(`Memory store ${storeId} is archived, so nothing in it can be restored or reverted. Archiving cannot be undone.`);
  const creates = items.filter((i) => i.action === "create").length;
  const deletes = items.filter((i) => i.action === "delete").length;
  const after = Number(store.memory_count) + creates - deletes;
  if (after > LIMITS.memoriesPerStore) {
    throw invalidRequest(
      `Putting these memories back would leave memory store ${storeId} with ${after.toLocaleString("en-US")} memories; a store holds at most ${LIMITS.memoriesPerStore.toLocaleString("en-US")}. Delete memories you no longer need, or narrow path_prefix.`,
    );
  }
}
