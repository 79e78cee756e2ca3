import { type Sql, join, raw, sql, type Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { versionColumns, versionFromRow, type VersionRow } from "./version-rows.ts";

import { VERSION_OPERATIONS, type VersionOperation } from "./operations.ts";

export interface ListVersionsInput {
  storeId: string;
  memoryId?: string;
  operation?: string;
  apiKeyId?: string;
  sessionId?: string;
  userId?: string;
  serviceAccountId?: string;
  createdAtGte?: Date;
  createdAtLte?: Date;
  /** Only versions whose path starts with this (redacted versions, which have no path, never match). */
  pathPrefix?: string;
  withContent: boolean;
  limit: number;
  /** Continue after this version id (newest first, so: ids below it). */
  afterId?: string;
}

/** Who wrote a version, as the version list and search filter it (at most one of them). */
export type ActorFilterInput = Pick<ListVersionsInput, "apiKeyId" | "sessionId" | "userId" | "serviceAccountId">;

/** The SQL conditions of an actor filter on memory_versions, its columns prefixed with `alias` (`"v."`) when it is joined. */
export function actorFilter(input: ActorFilterInput, alias = ""): Sql[] {
  const filters = [
    ["api_actor", input.apiKeyId],
    ["session_actor", input.sessionId],
    ["user_actor", input.userId],
    ["service_account_actor", input.serviceAccountId],
  ].filter(([, id]) => id !== undefined);
  if (filters.length > 1) throw invalidRequest("Filter versions by at most one of api_key_id, session_id, user_id and service_account_id.");
  const [type, id] = filters[0] ?? [];
  const column = (name: string) => raw(`${alias}${name}`);
  // A filter finds the versions that principal wrote here, never a claim made for it: a key's are
  // the rows written with it (api_key_id), also those it attributed to a session and those it
  // imported (api_key_id is the importer's, whoever created_by names); anyone else's are those
  // created_by names, except imported ones where created_by is only the file's claim (an admin
  // import that kept the file's authors).
  if (type === "api_actor") return [sql`${column("api_key_id")} = ${id}`];
  if (!type) return [];
  return [sql`${column("created_by_type")} = ${type}`, sql`${column("created_by_id")} = ${id}`, sql`${column("created_by_claimed")} = ${false}`];
}

/** A store's versions newest first, with the API's filters. Versions outlive their memory. */
export async function listVersions(db: Db, input: ListVersionsInput) {
  if (input.operation !== undefined && !VERSION_OPERATIONS.includes(input.operation as VersionOperation)) {
    throw invalidRequest(`operation: must be one of ${VERSION_OPERATIONS.join(", ")}.`);
  }
  const where = [
    sql`store_id = ${input.storeId}`,
    ...(input.memoryId !== undefined ? [sql`memory_id = ${input.memoryId}`] : []),
    ...(input.operation !== undefined ? [sql`operation = ${input.operation}`] : []),
    ...actorFilter(input),
    ...(input.createdAtGte ? [sql`created_at >= ${input.createdAtGte}`] : []),
    ...(input.createdAtLte ? [sql`created_at <= ${input.createdAtLte}`] : []),
    ...(input.afterId ? [sql`id < ${input.afterId}`] : []),
    // A prefix compared as text, not LIKE: `%` and `_` in a path are ordinary characters.
    ...(input.pathPrefix ? [sql`substr(path, 1, CAST(${[...input.pathPrefix].length} AS INTEGER)) = ${input.pathPrefix}`] : []),
  ];
  const rows = await db.sql.$queryRaw<VersionRow[]>`
    SELECT ${versionColumns(input.withContent)} FROM memory_versions
    WHERE ${join(where, " AND ")}
    ORDER BY id DESC LIMIT ${input.limit + 1}`;
  if (rows.length === 0 && !input.afterId) await assertStoreExists(db.sql, input.storeId);
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map((row) => versionFromRow(row));
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
