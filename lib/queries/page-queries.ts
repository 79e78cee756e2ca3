import { infiniteQueryOptions, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { VersionFilterKey } from "@/lib/http/version-filters.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import type { CallArgs, CallRest, OperationName, PagedName } from "@/lib/api-client/operation-types.ts";
import type { Query } from "@/lib/api-client/request.ts";
import { queryKeys } from "./keys.ts";

/**
 * The queries behind each console page's primary content, in one place for the three that run
 * them: the pages' hooks, the hover prefetch (components/shell/prefetch-route.ts), and the
 * server, which answers the same request in-process while rendering the page so the HTML
 * arrives with its data (app/(console)/_lib/server-prefetch.tsx). `meta.request` names the
 * operation and its arguments (of its first page, for a paged one), which is how the server
 * runs it. Not a client module, so that the server can import it.
 */
export type ApiRequestMeta = { request: { operation: OperationName; params: Record<string, string>; query: Query; paged: boolean } };

const one = <N extends OperationName>(queryKey: QueryKey, operation: N, args: CallArgs<N>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiClient.call(operation, ...([{ ...args, signal }] as CallRest<N>)),
    meta: { request: requestOf(operation, args, false) } satisfies ApiRequestMeta,
  });

const paged = <N extends PagedName>(queryKey: QueryKey, operation: N, args: CallArgs<N>) =>
  infiniteQueryOptions({
    queryKey,
    ...apiClient.pages(operation, args),
    meta: { request: requestOf(operation, args, true) } satisfies ApiRequestMeta,
  });

const requestOf = (operation: OperationName, args: { params?: object; query?: object }, paged: boolean): ApiRequestMeta["request"] => ({
  operation,
  params: (args.params ?? {}) as Record<string, string>,
  query: (args.query ?? {}) as Query,
  paged,
});

/** Page size of folder listings: the API's maximum for view=basic. */
export const FOLDER_PAGE_SIZE = 100;

/** Stores, newest first, 100 a page (the API's maximum); more pages load on demand. */
export function storesQuery(includeArchived: boolean) {
  const query = { include_archived: includeArchived, limit: 100 };
  return paged(queryKeys.stores.list({ ...query, infinite: true }), "listStores", { query });
}

/** A stores filter as GET /v1/store_search takes it: a piece of the name and `key:value` metadata pairs. */
export type StoreFilter = { name: string; metadata: string[] };

export const isFiltering = (filter: StoreFilter) => filter.name.trim() !== "" || filter.metadata.length > 0;

/** The stores page's filter, from its URL: `/stores?q=acme&meta=customer:acme&meta=tier:gold`. */
export function storeFilterOf(params: URLSearchParams): StoreFilter {
  return { name: params.get("q") ?? "", metadata: params.getAll("meta").filter(Boolean) };
}

/** Stores matching a filter, newest first, 100 a page; under the stores' query key, so store changes refresh it. */
export function storeSearchQuery(includeArchived: boolean, filter: StoreFilter) {
  const query = { include_archived: includeArchived, limit: 100, name: filter.name.trim() || undefined, metadata: filter.metadata };
  return paged(queryKeys.stores.list({ ...query, search: true }), "findStores", { query });
}

/** What the stores page lists: every store, or with a filter those GET /v1/store_search finds. */
export function storeListingQuery(includeArchived: boolean, filter: StoreFilter) {
  return isFiltering(filter) ? storeSearchQuery(includeArchived, filter) : storesQuery(includeArchived);
}

export function storeQuery(storeId: string) {
  return one(queryKeys.stores.one(storeId), "retrieveStore", { params: { store: storeId } });
}

/**
 * What the store held at a moment (`?as_of=` on the store page): its header's counts then. Under
 * the store's memories, so the writes that refresh the tree refresh it too.
 */
export function storeAsOfQuery(storeId: string, asOf: string) {
  return one(queryKeys.memories.asOfTotals(storeId, asOf), "retrieveStoreAsOf", { params: { store: storeId }, query: { as_of: asOf } });
}

/** The folder a store page shows (`?prefix=/a/b/`), or the store's root. */
export function folderOf(value: string | null | undefined): string {
  if (!value) return "/";
  return (value.startsWith("/") ? value : "/" + value).replace(/\/?$/, "/");
}

/** One page of a folder's direct children (path_prefix + depth=1); `cursor` null is its first page. */
export function folderQuery(storeId: string, prefix: string, cursor: string | null = null, asOf: string | null = null) {
  const query = { path_prefix: prefix, depth: 1, limit: FOLDER_PAGE_SIZE, page: cursor };
  // As of a moment (`?as_of=` on the store page): the same listing from GET /v1/point_in_time/{store}/memories.
  if (asOf) {
    return one(queryKeys.memories.folder(storeId, prefix, { depth: 1, page: cursor, as_of: asOf }), "listMemoriesAsOf", {
      params: { store: storeId },
      query: { ...query, as_of: asOf },
    });
  }
  return one(queryKeys.memories.folder(storeId, prefix, { depth: 1, page: cursor }), "listMemories", { params: { store: storeId }, query });
}

/** One memory with its content, by id (deep links load it this way, whatever its path). */
export function memoryQuery(storeId: string, memoryId: string) {
  return one(queryKeys.memories.one(storeId, memoryId), "retrieveMemory", { params: { store: storeId, memory: memoryId }, query: { view: "full" } });
}

/** Versions newest first (view=basic: metadata, sha and size, no content), one "Load more" page at a time. */
export function versionListQuery(storeId: string, filters: Partial<Record<VersionFilterKey, string>>, limit = 50) {
  return paged(queryKeys.versions.list(storeId, { ...filters, limit }), "listVersions", { params: { store: storeId }, query: { ...filters, limit } });
}
