import { createHash } from "node:crypto";
import { z } from "zod";
import { assertStoreAccess, storeScopeOf, type Principal } from "../auth/principal.ts";
import type { Db } from "../memory/db.ts";
import { invalidRequest } from "../memory/errors.ts";
import type { SearchHit } from "../memory/search/search.ts";
import { SEARCH_SCOPES } from "../memory/search/search-sql.ts";
import { SEARCH_MODES } from "../memory/search/search-text.ts";
import type { StoreScope } from "../memory/store-scope.ts";
import { assertStoresInWorkspace } from "../memory/stores/assert-store-in-workspace.ts";
import { limit, timestamp } from "./schemas.ts";

/** GET /v1/search (this project's extension): the query, and the version list's filters by actor and time. */

export const searchQuery = z.object({
  q: z.string("is required: the text to search for"),
  mode: z.enum(SEARCH_MODES, `must be one of ${SEARCH_MODES.join(", ")}`).optional(),
  scope: z.enum(SEARCH_SCOPES, `must be one of ${SEARCH_SCOPES.join(", ")}`).optional(),
  path_prefix: z.string().optional(),
  api_key_id: z.string().optional(),
  session_id: z.string().optional(),
  user_id: z.string().optional(),
  service_account_id: z.string().optional(),
  "created_at[gte]": timestamp.optional(),
  "created_at[lte]": timestamp.optional(),
  limit: limit.optional(),
  page: z.string().optional(),
});

/** How many stores one search may name; more is a list of every store, which leaving it out already means. */
const MAX_STORES = 100;

/**
 * The stores a search covers: those named (`memory_store_id`, repeatable), each one the caller
 * may read and that exists in the request's workspace (another's answers as missing); or, when
 * none is named, every store the caller may read there (a store-limited key: its stores).
 */
export async function storesToSearch(db: Db, principal: Principal, named: string[]): Promise<StoreScope> {
  if (named.length === 0) return storeScopeOf(principal);
  if (named.length > MAX_STORES) throw invalidRequest(`memory_store_id: name at most ${MAX_STORES} stores (or none, to search every store you may read).`);
  const unique = [...new Set(named)];
  for (const id of unique) assertStoreAccess(principal, id);
  await assertStoresInWorkspace(db.sql, principal.workspaceId, unique);
  return { workspaceId: principal.workspaceId, storeIds: unique };
}

/** What a cursor belongs to: a fingerprint of the query, so that a cursor replayed on another query is refused. */
export function queryFingerprint(parts: unknown): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 16);
}

export function searchHitWire(hit: SearchHit) {
  return {
    type: "search_hit" as const,
    memory_store_id: hit.storeId,
    memory_id: hit.memoryId,
    memory_version_id: hit.versionId,
    operation: hit.operation,
    path: hit.path,
    created_at: hit.createdAt.toISOString(),
    /** The version is the current one of a live memory. */
    current: hit.current,
    field: hit.field,
    line: hit.snippet.line,
    column: hit.snippet.column,
    snippet: hit.snippet.segments,
  };
}
