import { type Sql, empty, join, sql, type Db, type SqlClient } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { invalidRequest, notFound } from "../errors.ts";
import { nothingAwaits } from "./open-item.ts";
import { folderRange, validatePathPrefix } from "../paths.ts";
import { REVIEW_CHANGES, type ReviewChange } from "./policy.ts";
import { DETECTOR_CLASSES } from "../policies/write-policy.ts";
import { sweepStaleIfDue } from "../policies/stale-memories.ts";
import { itemColumns, itemFromRow, type ReviewItemRecord, type ReviewItemRow } from "./review-rows.ts";

export interface ReviewFilter {
  /** The stores the caller may see: its workspace's, or a store-limited key's there. */
  scope: StoreScope;
  storeId?: string;
  /** Items whose last writer is this key, session, user or service account. */
  actorId?: string;
  pathPrefix?: string;
  change?: string;
  updatedAfter?: Date;
  updatedBefore?: Date;
  /** Items holding a write policy finding: of any class, or of one. */
  finding?: string;
}

export const FINDING_FILTERS = ["any", ...DETECTOR_CLASSES] as const;

function findingWhere(finding: string): Sql {
  if (!(FINDING_FILTERS as readonly string[]).includes(finding)) throw invalidRequest(`finding: must be one of ${FINDING_FILTERS.join(", ")}.`);
  return finding === "any" ? sql`r.findings IS NOT NULL` : sql`r.findings LIKE ${`%"class":"${finding}"%`}`;
}

/**
 * Items an actor wrote last, or whose awaited writes it wrote (`authors`: an id field's value
 * in its JSON, `"session_id":"…"` or a key's; `replace` is literal on both engines).
 */
function actorWhere(actorId: string): Sql {
  const field = `:${JSON.stringify(actorId)}`;
  return sql`(r.last_actor_id = ${actorId} OR r.last_api_key_id = ${actorId} OR replace(r.authors, ${field}, '') <> r.authors)`;
}

/**
 * The WHERE clause of a filter over review_items aliased `r`. Each item names its store's
 * workspace (migration 0038), so the scope needs no join and the inbox's first page walks the
 * (workspace_id, updated_at, memory_id) index whatever the planner estimates of memory_stores.
 */
export function reviewWhere(filter: ReviewFilter): Sql {
  if (filter.change !== undefined && !REVIEW_CHANGES.includes(filter.change as ReviewChange)) {
    throw invalidRequest(`change: must be one of ${REVIEW_CHANGES.join(", ")}.`);
  }
  const range = filter.pathPrefix !== undefined && filter.pathPrefix !== "/" ? folderRange(validatePathPrefix(filter.pathPrefix)) : null;
  const where = [
    inStoreScope(filter.scope, sql`r.store_id`, sql`r.workspace_id`),
    ...(filter.storeId !== undefined ? [sql`r.store_id = ${filter.storeId}`] : []),
    ...(filter.actorId !== undefined ? [actorWhere(filter.actorId)] : []),
    ...(range ? [sql`r.path >= ${range.from} AND r.path < ${range.to}`] : []),
    ...(filter.change !== undefined ? [sql`r.change = ${filter.change}`] : []),
    ...(filter.updatedAfter ? [sql`r.updated_at >= ${filter.updatedAfter}`] : []),
    ...(filter.updatedBefore ? [sql`r.updated_at <= ${filter.updatedBefore}`] : []),
    ...(filter.finding === undefined ? [] : [findingWhere(filter.finding)]),
  ];
  return where.length > 0 ? join(where, " AND ") : sql`1 = 1`;
}

export interface ReviewPosition {
  updatedAt: string;
  memoryId: string;
}

/**
 * Memories past their write policy's review_after_days join the inbox when it is read (at most
 * every 15 s per process; the periodic job covers the rest and logs its failures): reading the
 * inbox must not fail because a sweep met a busy database.
 */
const sweepWhenDue = (db: Db) => sweepStaleIfDue(db).catch(() => undefined);

/** The inbox: one item per memory with changes awaiting review, most recently changed first. */
export async function listReviews(db: Db, input: ReviewFilter & { limit: number; after?: ReviewPosition }) {
  await sweepWhenDue(db);
  const after = input.after
    ? sql`AND (r.updated_at < ${new Date(input.after.updatedAt)} OR (r.updated_at = ${new Date(input.after.updatedAt)} AND r.memory_id < ${input.after.memoryId}))`
    : empty;
  const rows = await db.sql.$queryRaw<ReviewItemRow[]>`
    SELECT ${itemColumns("r.")}, s.name AS store_name FROM review_items r CROSS JOIN memory_stores s
    WHERE s.id = r.store_id AND ${reviewWhere(input)} ${after}
    ORDER BY r.updated_at DESC, r.memory_id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(itemFromRow);
  const last = items[items.length - 1];
  return { items, next: hasMore && last ? { updatedAt: last.updatedAt.toISOString(), memoryId: last.memoryId } : null };
}

/** How many items await review, in all and per store (stores with none are left out). */
export async function countReviews(db: Db, filter: ReviewFilter): Promise<{ total: number; stores: Record<string, number> }> {
  await sweepWhenDue(db);
  const rows = await db.sql.$queryRaw<{ store_id: string; n: number | bigint }[]>`
    SELECT r.store_id, COUNT(*) AS n FROM review_items r WHERE ${reviewWhere(filter)} GROUP BY r.store_id`;
  const stores = Object.fromEntries(rows.map((row) => [row.store_id, Number(row.n)]));
  return { total: Object.values(stores).reduce((a, b) => a + b, 0), stores };
}

export async function findItem(client: SqlClient, memoryId: string): Promise<ReviewItemRecord | null> {
  const [row] = await client.$queryRaw<ReviewItemRow[]>`
    SELECT ${itemColumns("r.")}, s.name AS store_name FROM review_items r JOIN memory_stores s ON s.id = r.store_id WHERE r.memory_id = ${memoryId}`;
  return row ? itemFromRow(row) : null;
}

/**
 * The store of a memory's open review item, so that the caller's access to it can be checked
 * first. None is "not found" to a reader, and to an action a conflict (someone settled it).
 */
export async function reviewStoreOf(db: Db, memoryId: string, purpose: "read" | "act", workspaceId: string): Promise<string> {
  // A memory of another workspace answers exactly as one with nothing awaiting review.
  const [row] = await db.sql.$queryRaw<{ store_id: string }[]>`
    SELECT store_id FROM review_items WHERE memory_id = ${memoryId} AND ${inStoreScope({ workspaceId }, sql`store_id`, sql`workspace_id`)}`;
  if (row) return row.store_id;
  throw purpose === "read" ? notFound(`Nothing in memory ${memoryId} awaits review.`) : nothingAwaits(memoryId);
}
