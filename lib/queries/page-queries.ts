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

/**
 * The stores page's listing as GET /v1/store_search takes it: a piece of the name, `key:value`
 * metadata pairs, archived or not, idle days, fill and size, and a sort (issue 43).
 */
export type StoreFilter = {
  name: string;
  metadata: string[];
  archived?: "include" | "only";
  idleDays?: number;
  minFillPercent?: number;
  minContentBytes?: number;
  sort?: StoreSort;
  order?: "asc" | "desc";
};

/** What GET /v1/store_search sorts by. */
export const STORE_SORT_FIELDS = ["name", "created_at", "last_memory_write_at", "memory_count", "content_bytes"] as const;
export type StoreSort = (typeof STORE_SORT_FIELDS)[number];

/** Whether the listing narrows the stores (the empty state says so); a sort alone does not. */
export const isFiltering = (filter: StoreFilter) =>
  filter.name.trim() !== "" ||
  filter.metadata.length > 0 ||
  filter.archived === "only" ||
  filter.idleDays !== undefined ||
  filter.minFillPercent !== undefined ||
  filter.minContentBytes !== undefined;

const wholeNumberParam = (value: string | null, max: number) => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
};

/**
 * The stores page's listing, from its URL: `/stores?q=acme&meta=customer:acme&idle=180&fill=90&min_bytes=1000000&archived=include&sort=memory_count&order=desc`.
 * A value the API would refuse is left out, so a hand-edited URL still lists.
 */
export function storeFilterOf(params: URLSearchParams): StoreFilter {
  const archived = params.get("archived");
  const sort = params.get("sort");
  const order = params.get("order");
  return {
    name: params.get("q") ?? "",
    metadata: params.getAll("meta").filter(Boolean),
    archived: archived === "include" || archived === "only" ? archived : undefined,
    idleDays: wholeNumberParam(params.get("idle"), 36_500),
    minFillPercent: wholeNumberParam(params.get("fill"), 100),
    minContentBytes: wholeNumberParam(params.get("min_bytes"), Number.MAX_SAFE_INTEGER),
    sort: (STORE_SORT_FIELDS as readonly string[]).includes(sort ?? "") ? (sort as StoreSort) : undefined,
    order: order === "asc" || order === "desc" ? order : undefined,
  };
}

/** The URL query of a listing: storeFilterOf's inverse. */
export function storeFilterQuery(filter: StoreFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.name.trim()) query.set("q", filter.name.trim());
  for (const pair of filter.metadata) query.append("meta", pair);
  if (filter.archived) query.set("archived", filter.archived);
  if (filter.idleDays !== undefined) query.set("idle", String(filter.idleDays));
  if (filter.minFillPercent !== undefined) query.set("fill", String(filter.minFillPercent));
  if (filter.minContentBytes !== undefined) query.set("min_bytes", String(filter.minContentBytes));
  if (filter.sort) query.set("sort", filter.sort);
  if (filter.order) query.set("order", filter.order);
  return query;
}

/** GET /v1/store_search's query for a listing (its filter fields, as a bulk store action's `filter` takes them too). */
export function storeSearchParams(filter: StoreFilter) {
  return {
    name: filter.name.trim() || undefined,
    metadata: filter.metadata,
    ...(filter.archived === "only" ? { archived: "true" as const } : { include_archived: filter.archived === "include" }),
    idle_days: filter.idleDays,
    min_fill_percent: filter.minFillPercent,
    min_content_bytes: filter.minContentBytes,
  };
}

/** Stores, newest first, 100 a page (the API's maximum); more pages load on demand. */
export function storesQuery(includeArchived: boolean) {
  const query = { include_archived: includeArchived, limit: 100 };
  return paged(queryKeys.stores.list({ ...query, infinite: true }), "listStores", { query });
}

/** What the stores page lists: every store (the hosted list), or with a filter or sort those GET /v1/store_search finds; under the stores' query key, so store changes refresh it. */
export function storeListingQuery(filter: StoreFilter) {
  if (!isFiltering(filter) && !filter.sort) return storesQuery(filter.archived === "include");
  const query = { ...storeSearchParams(filter), sort: filter.sort, order: filter.order, limit: 100 };
  return paged(queryKeys.stores.list({ ...query, search: true }), "findStores", { query });
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
