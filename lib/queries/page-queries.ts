import { infiniteQueryOptions, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { VersionFilterKey } from "@/lib/http/version-filters.ts";
import { api, type Query } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import type { Memory, MemoryListItem, MemoryVersion, Page, Store } from "./types.ts";

/**
 * The queries behind each console page's primary content, in one place for the three that run
 * them: the pages' hooks, the hover prefetch (components/shell/prefetch-route.ts), and the
 * server, which answers the same request in-process while rendering the page so the HTML
 * arrives with its data (app/(console)/_lib/server-prefetch.ts). `meta.request` is the API
 * request of the query (of its first page, for a paged one), which is how the server runs it.
 * Not a client module, so that the server can import it.
 */
export type ApiRequestMeta = { request: { path: string; query: Query; paged: boolean } };

const one = <T>(queryKey: QueryKey, path: string, query: Query = {}) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => api<T>(path, { query, signal }),
    meta: { request: { path, query, paged: false } } satisfies ApiRequestMeta,
  });

const paged = <T>(queryKey: QueryKey, path: string, query: Query) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => api<Page<T>>(path, { query: { ...query, page: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_page,
    meta: { request: { path, query, paged: true } } satisfies ApiRequestMeta,
  });

const storePath = (storeId: string) => `/v1/memory_stores/${encodeURIComponent(storeId)}`;

/** Page size of folder listings: the API's maximum for view=basic. */
export const FOLDER_PAGE_SIZE = 100;

/** Stores, newest first, 100 a page (the API's maximum); more pages load on demand. */
export function storesQuery(includeArchived: boolean) {
  const query = { include_archived: includeArchived, limit: 100 };
  return paged<Store>(queryKeys.stores.list({ ...query, infinite: true }), "/v1/memory_stores", query);
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
  return paged<Store>(queryKeys.stores.list({ ...query, search: true }), "/v1/store_search", query);
}

/** What the stores page lists: every store, or with a filter those GET /v1/store_search finds. */
export function storeListingQuery(includeArchived: boolean, filter: StoreFilter) {
  return isFiltering(filter) ? storeSearchQuery(includeArchived, filter) : storesQuery(includeArchived);
}

export function storeQuery(storeId: string) {
  return one<Store>(queryKeys.stores.one(storeId), storePath(storeId));
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
    return one<Page<MemoryListItem>>(
      queryKeys.memories.folder(storeId, prefix, { depth: 1, page: cursor, as_of: asOf }),
      `/v1/point_in_time/${encodeURIComponent(storeId)}/memories`,
      { ...query, as_of: asOf },
    );
  }
  return one<Page<MemoryListItem>>(queryKeys.memories.folder(storeId, prefix, { depth: 1, page: cursor }), `${storePath(storeId)}/memories`, query);
}

/** One memory with its content, by id (deep links load it this way, whatever its path). */
export function memoryQuery(storeId: string, memoryId: string) {
  return one<Memory>(queryKeys.memories.one(storeId, memoryId), `${storePath(storeId)}/memories/${encodeURIComponent(memoryId)}`, { view: "full" });
}

/** Versions newest first (view=basic: metadata, sha and size, no content), one "Load more" page at a time. */
export function versionListQuery(storeId: string, filters: Partial<Record<VersionFilterKey, string>>, limit = 50) {
  return paged<MemoryVersion>(queryKeys.versions.list(storeId, { ...filters, limit }), `${storePath(storeId)}/memory_versions`, { ...filters, limit });
}
