"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import { storeQuery, storesQuery } from "./page-queries.ts";
import type { Store } from "./types.ts";

export function useStores({ includeArchived }: { includeArchived: boolean }) {
  return useInfiniteQuery(storesQuery(includeArchived));
}

export function useStore(storeId: string) {
  return useQuery(storeQuery(storeId));
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
