/**
 * The erased text outside memories and their versions, in what the product keeps about a
 * memory's path elsewhere: webhook events (kept to be delivered, and resent on request) and
 * bulk-deletion reports (the paths and store names they deleted, the filter they were asked
 * for, such as `/users/ana-1234/`). A path that held the text would otherwise outlive its
 * memory's erase there; an erase that deletes such a memory even writes a fresh
 * `memory.deleted` event naming it. Each string holding the text gets the marker in its place.
 */
import { type Sql, empty, join, sql, type SqlClient } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { exactMatches } from "../search/text-matches.ts";
import { DEFAULT_MARKER, replaceAll } from "./erase-text.ts";

/** Where to look. */
export interface ScrubScope {
  /** The erase's stores: its workspace's, or some of them. */
  stores: StoreScope;
  /** Only what was written at or after this time (an erase's own events, in its transaction). */
  since?: Date;
}

/** Rows looked at per statement. */
const PAGE = 200;

/**
 * The value with every occurrence of the text (ignoring case) replaced by the marker, or by
 * nothing where the marker and what surrounds it would spell the text again, or, failing both,
 * the marker alone: it never holds the text afterwards.
 */
export function scrubText(value: string, text: string, marker: string | null): string {
  if (exactMatches(value, text).length === 0) return value;
  const wanted = marker ?? DEFAULT_MARKER;
  return replaceAll(value, text, wanted) ?? replaceAll(value, text, "") ?? (exactMatches(wanted, text).length === 0 ? wanted : "");
}

/** Every string in a JSON value, scrubbed (object keys are the product's own names). */
function scrubJson(value: unknown, text: string, marker: string | null): unknown {
  if (typeof value === "string") return scrubText(value, text, marker);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, text, marker));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, text, marker)]));
  return value;
}

/**
 * A necessary condition for a row to hold the text, for the database to check: the text's
 * longest run of ASCII characters (as JSON writes it, for a JSON column), ignoring case (LIKE
 * folds only ASCII on SQLite). A text without one lets every row of the scope through to the
 * exact check.
 */
function mayHold(column: Sql, text: string, json: boolean): Sql {
  const runs = (json ? JSON.stringify(text).slice(1, -1) : text).match(/[\x20-\x7e]+/g) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), "");
  if (longest === "") return sql`1 = 1`;
  const pattern = `%${longest.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
}

const inStores = (column: Sql, scope: ScrubScope) => inStoreScope(scope.stores, column);

/**
 * For what outlives its store (a bulk deletion's report names stores it deleted): the report is
 * of the erase's workspace, and names one of its stores when the erase names some.
 */
const inReportScope = (storeColumn: Sql, workspaceColumn: Sql, scope: ScrubScope) => {
  const { workspaceId, storeIds } = scope.stores;
  const stores = storeIds === undefined ? sql`1 = 1` : storeIds.length ? sql`${storeColumn} IN (${join([...storeIds])})` : sql`1 = 0`;
  return sql`${workspaceColumn} = ${workspaceId} AND ${stores}`;
};

/** The webhook events of the scope that hold the text, a page at a time after `after`; returns the last id looked at (null: none left). */
export async function scrubWebhookEvents(tx: SqlClient, text: string, marker: string | null, scope: ScrubScope, after = ""): Promise<string | null> {
  const since = scope.since ? sql`AND created_at >= ${scope.since}` : empty;
  const rows = await tx.$queryRaw<{ id: string; payload: string }[]>`
    SELECT id, payload FROM webhook_events
    WHERE id > ${after} AND ${inStores(sql`store_id`, scope)} ${since} AND ${mayHold(sql`payload`, text, true)}
    ORDER BY id LIMIT ${PAGE}`;
  for (const row of rows) {
    const payload = JSON.stringify(scrubJson(JSON.parse(row.payload), text, marker));
    if (payload !== row.payload) await tx.$executeRaw`UPDATE webhook_events SET payload = ${payload} WHERE id = ${row.id}`;
  }
  return rows.length === PAGE ? rows[rows.length - 1]!.id : null;
}

/** The bulk-deletion reports of the scope: their items' paths and names, and their filters. */
export async function scrubBulkDeletionReports(tx: SqlClient, text: string, marker: string | null, scope: ScrubScope): Promise<void> {
  const items = await tx.$queryRaw<{ bulk_deletion_id: string; target_id: string; label: string }[]>`
    SELECT i.bulk_deletion_id, i.target_id, i.label FROM bulk_deletion_items i JOIN bulk_deletions b ON b.id = i.bulk_deletion_id
    WHERE ${inReportScope(sql`i.store_id`, sql`b.workspace_id`, scope)} AND ${mayHold(sql`i.label`, text, false)}`;
  for (const item of items) {
    const label = scrubText(item.label, text, marker);
    if (label !== item.label) {
      await tx.$executeRaw`UPDATE bulk_deletion_items SET label = ${label} WHERE bulk_deletion_id = ${item.bulk_deletion_id} AND target_id = ${item.target_id}`;
    }
  }
  // A stores filter names no store (store_id is null): it is in every erase's scope.
  const reports = await tx.$queryRaw<{ id: string; filter: string }[]>`
    SELECT id, filter FROM bulk_deletions
    WHERE workspace_id = ${scope.stores.workspaceId} AND (store_id IS NULL OR ${inReportScope(sql`store_id`, sql`workspace_id`, scope)}) AND ${mayHold(sql`filter`, text, true)}`;
  for (const report of reports) {
    const filter = JSON.stringify(scrubJson(JSON.parse(report.filter), text, marker));
    if (filter !== report.filter) await tx.$executeRaw`UPDATE bulk_deletions SET filter = ${filter} WHERE id = ${report.id}`;
  }
}
