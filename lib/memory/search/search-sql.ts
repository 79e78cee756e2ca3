import { type Sql, join, raw, sql } from "../db.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { actorFilter, type ActorFilterInput } from "../versions/list-versions.ts";
import type { SearchText } from "./search-text.ts";

export const SEARCH_SCOPES = ["memories", "versions"] as const;
/** memories: the current path and content of live memories (their head versions); versions: every retained version. */
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchFilters extends ActorFilterInput {
  text: SearchText;
  scope: SearchScope;
  /** The stores searched: the request's workspace (docs/design.md, "Workspaces"), and of it only `storeIds` when given. */
  stores: StoreScope;
  /** A validated folder prefix (`/` or `/notes/`). */
  pathPrefix?: string;
  createdAtGte?: Date;
  createdAtLte?: Date;
}

/** A matching version as the index statements return it (content is read for a page's hits only). */
export interface MatchRow {
  /** Where the row is in the search order: SQLite's index key, PostgreSQL's version id. */
  search_key: string | number;
  /** Words: the rank (smaller is better on both engines). */
  score?: number;
  id: string;
  store_id: string;
  memory_id: string;
  operation: string;
  path: string | null;
  created_at: Date | string;
  is_current: number | boolean;
  /** SQLite's chunks: whether the row passes the filters (rows that do not still move the scan on). */
  passes?: number;
  /** SQLite: the row is from the pending list (search_key is then its version id). */
  pending?: number;
  /** The version's content, when the scan already read it (to check the match): a snippet needs no second read. */
  content?: string | null;
}

export const COLUMNS = raw("v.id, v.store_id, v.memory_id, v.operation, v.path, v.created_at, CASE WHEN m.id IS NULL THEN 0 ELSE 1 END AS is_current");
export const HEADS = sql`LEFT JOIN memories m ON m.id = v.memory_id AND m.memory_version_id = v.id`;

/** The filters as SQL conditions on `v` (memory_versions) and `m` (the live memory it heads, if any). */
export function filterConditions(input: SearchFilters): Sql[] {
  const prefix = input.pathPrefix && input.pathPrefix !== "/" ? input.pathPrefix : null;
  return [
    ...(input.scope === "memories" ? [sql`m.id IS NOT NULL`] : []),
    inStoreScope(input.stores, sql`v.store_id`),
    // substr counts characters on both engines; a byte-order range would need memory_versions.path in COLLATE "C" on PostgreSQL.
    ...(prefix ? [sql`substr(v.path, 1, ${[...prefix].length}) = ${prefix}`] : []),
    ...actorFilter(input, "v."),
    ...(input.createdAtGte ? [sql`v.created_at >= ${input.createdAtGte}`] : []),
    ...(input.createdAtLte ? [sql`v.created_at <= ${input.createdAtLte}`] : []),
  ];
}

export const allConditions = (conditions: Sql[]) => (conditions.length > 0 ? join(conditions, " AND ") : sql`1 = 1`);

/** The content of a page's hits, for their snippets. */
export const contentQuery = (versionIds: readonly string[]) => sql`SELECT id, content FROM memory_versions WHERE id IN (${join([...versionIds])})`;
