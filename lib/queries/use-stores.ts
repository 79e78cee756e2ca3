"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import { storeAsOfQuery, storeQuery, storesQuery } from "./page-queries.ts";

export function useStores({ includeArchived }: { includeArchived: boolean }) {
  return useInfiniteQuery(storesQuery(includeArchived));
}

export function useStore(storeId: string) {
  return useQuery(storeQuery(storeId));
}

/** What the store held at `asOf` (its memories then and their size); nothing is asked without a moment. */
export function useStoreAsOf(storeId: string, asOf: string | null) {
  return useQuery({ ...storeAsOfQuery(storeId, asOf ?? ""), enabled: asOf !== null });
}

export type StoreInput = { name: string; description: string; metadata: Record<string, string> };
/** An update: metadata keys set to null are removed (the API merges metadata). */
export type StoreChanges = { name: string; description: string; metadata: Record<string, string | null> };

export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreInput) => apiClient.call("createStore", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

/** A new store holding another store's current memories (under `path_prefix`), not their history. */
export function useCopyStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreInput & { source_memory_store_id: string; path_prefix: string | null }) => apiClient.call("copyStore", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useUpdateStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: StoreChanges) => apiClient.call("updateStore", { params: { store: storeId }, body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useArchiveStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call("archiveStore", { params: { store: storeId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useDeleteStore(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call("deleteStore", { params: { store: storeId } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.stores.one(storeId) });
      client.removeQueries({ queryKey: queryKeys.memories.all(storeId) });
      client.removeQueries({ queryKey: queryKeys.versions.all(storeId) });
      return client.invalidateQueries({ queryKey: queryKeys.stores.all });
    },
  });
}
