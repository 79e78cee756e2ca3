"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import type { Page, Store } from "./types.ts";

/** A stores filter as GET /v1/store_search takes it: a piece of the name and `key:value` metadata pairs. */
export type StoreFilter = { name: string; metadata: string[] };

export const isFiltering = (filter: StoreFilter) => filter.name.trim() !== "" || filter.metadata.length > 0;

/** Stores matching a filter, newest first, 100 a page; under the stores' query key, so store changes refresh it. */
export function useFindStores({ includeArchived, filter, enabled }: { includeArchived: boolean; filter: StoreFilter; enabled: boolean }) {
  const params = { include_archived: includeArchived, limit: 100, name: filter.name.trim() || undefined, metadata: filter.metadata };
  return useInfiniteQuery({
    queryKey: queryKeys.stores.list({ ...params, search: true }),
    queryFn: ({ pageParam, signal }) => api<Page<Store>>("/v1/store_search", { query: { ...params, page: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_page,
    enabled,
  });
}
