"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import type { Page, Store } from "./types.ts";

/** Stores, newest first, 100 a page (the API's maximum); more pages load on demand. */
export function useStores({ includeArchived }: { includeArchived: boolean }) {
  const params = { include_archived: includeArchived, limit: 100 };
  return useInfiniteQuery({
    queryKey: queryKeys.stores.list({ ...params, infinite: true }),
    queryFn: ({ pageParam, signal }) => api<Page<Store>>("/v1/memory_stores", { query: { ...params, page: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_page,
  });
}

export function useStore(storeId: string) {
  return useQuery({
    queryKey: queryKeys.stores.one(storeId),
    queryFn: ({ signal }) => api<Store>(`/v1/memory_stores/${storeId}`, { signal }),
  });
}

export type StoreInput = { name: string; description: string; metadata: Record<string, string> };
/** An update: metadata keys set to null are removed (the API merges metadata). */
export type StoreChanges = { name: string; description: string; metadata: Record<string, string | null> };

export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreInput) => api<Store>("/v1/memory_stores", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useUpdateStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: StoreChanges) => api<Store>(`/v1/memory_stores/${storeId}`, { method: "POST", body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useArchiveStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Store>(`/v1/memory_stores/${storeId}/archive`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useDeleteStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ id: string }>(`/v1/memory_stores/${storeId}`, { method: "DELETE" }),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.stores.one(storeId) });
      client.removeQueries({ queryKey: queryKeys.memories.all(storeId) });
      client.removeQueries({ queryKey: queryKeys.versions.all(storeId) });
      return client.invalidateQueries({ queryKey: queryKeys.stores.all });
    },
  });
}
