"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** GET /v1/search's parameters as the console keeps them in its URL (memory_store_id may repeat). */
export type SearchParams = {
  q: string;
  mode?: "words" | "exact";
  scope?: "memories" | "versions";
  memory_store_id?: string[];
  path_prefix?: string;
  "created_at[gte]"?: string;
  "created_at[lte]"?: string;
};

export function searchQueryString(params: SearchParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...params, ...extra })) {
    for (const v of [value ?? []].flat()) if (v !== "") query.append(key, v);
  }
  return query.toString();
}

/** Hits a page at a time ("Load more"); nothing is asked while the query is empty. */
export function useSearch(params: SearchParams) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.search(params),
    ...apiClient.pages("search", { query: params }),
    enabled: params.q.trim() !== "",
    retry: false,
  });
  return { ...query, hits: query.data?.pages.flatMap((p) => p.data) ?? [] };
}
