import type { Db } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { invalidRequest } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { empty, join, sql } from "../db.ts";
import { storeMatches } from "../stores/store-selection.ts";
import { STORE_COLUMNS, storeFromRow, type StoreRow } from "../stores/store-rows.ts";
import type { BulkFilter, BulkItem } from "./bulk-deletion-rows.ts";

/** Rows read per statement: a few milliseconds of the event loop on SQLite. */
const CHUNK = 500;
/** One bulk delete covers at most this many stores (a deletion request is a handful). */
export const MAX_BULK_STORES = 1_000;

export type Target = Omit<BulkItem, "kind" | "outcome">;

/** A store's state as a bulk delete sees it: any change to it or to its memories since changes this. */
export async function storeState(db: Pick<Db, "sql">, store: { id: string; updatedAt: Date }): Promise<string> {
  const [newest] = await db.sql.$queryRaw<{ id: string | null }[]>`SELECT max(id) AS id FROM memory_versions WHERE store_id = ${store.id}`;
  return `${store.updatedAt.toISOString()}|${newest?.id ?? ""}`;
}

/**
 * Everything a filter matches now, read in chunks with a yield between: the live memories
 * under the prefix in the store (with their head versions), or every store (archived too) whose
 * name and metadata match (with their state), among the stores of the scope.
 */
export async function findBulkTargets(db: Db, filter: BulkFilter, scope: StoreScope): Promise<Target[]> {
  return filter.target === "memories" ? findMemories(db, filter) : findStoresMatching(db, filter, scope);
}

async function findMemories(db: Db, filter: Extract<BulkFilter, { target: "memories" }>): Promise<Target[]> {
  const prefix = filter.pathPrefix === "/" ? null : filter.pathPrefix;
  const found: Target[] = [];
  for (let after = ""; ;) {
    const rows = await db.sql.$queryRaw<{ id: string; path: string; memory_version_id: string }[]>`
      SELECT id, path, memory_version_id FROM memories
      WHERE store_id = ${filter.storeId} AND id > ${after}${prefix ? sql` AND substr(path, 1, ${[...prefix].length}) = ${prefix}` : empty}
      ORDER BY id LIMIT ${CHUNK}`;
    for (const r of rows) found.push({ targetId: r.id, storeId: filter.storeId, label: r.path, seen: r.memory_version_id, memoryCount: 1 });
    if (rows.length < CHUNK) return found;
    after = rows[rows.length - 1]!.id;
    await letOthersRun();
  }
}

async function findStoresMatching(db: Db, filter: Extract<BulkFilter, { target: "stores" }>, scope: StoreScope): Promise<Target[]> {
  const matching = [];
  for (let after: string | null = null; ;) {
    const where = [...(after ? [sql`id < ${after}`] : []), inStoreScope(scope, sql`id`, sql`workspace_id`)];
    const rows: StoreRow[] = await db.sql.$queryRaw<StoreRow[]>`
      SELECT ${STORE_COLUMNS} FROM memory_stores WHERE ${join(where, " AND ")}
      ORDER BY id DESC LIMIT ${CHUNK}`;
    for (const store of rows.map(storeFromRow)) if (storeMatches(store, filter)) matching.push(store);
    if (matching.length > MAX_BULK_STORES) {
      throw invalidRequest(
        `The filter matches more than ${MAX_BULK_STORES.toLocaleString("en-US")} stores; narrow it (one bulk delete covers at most that many).`,
      );
    }
    if (rows.length < CHUNK) break;
    after = rows[rows.length - 1]!.id;
    await letOthersRun();
  }
  const targets: Target[] = [];
  for (const store of matching) {
    targets.push({ targetId: store.id, storeId: store.id, label: store.name, seen: await storeState(db, store), memoryCount: store.memoryCount });
  }
  return targets;
}
