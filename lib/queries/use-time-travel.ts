"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import type { Page, PutBack, Restore, Revert, StoreActivity, StoreChangesPage } from "./types.ts";

/** Who wrote to a store and when (GET /v1/store_activity/{store}): the activity list and strip. */
export function useStoreActivity(storeId: string, params: { from?: string; to?: string; buckets?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.timeTravel.activity(storeId, params),
    queryFn: ({ signal }) => api<StoreActivity>(`/v1/store_activity/${encodeURIComponent(storeId)}`, { query: { limit: 100, buckets: 48, ...params }, signal }),
  });
}

export type ChangesFilter = { from: string; to?: string; path_prefix?: string; session_id?: string; api_key_id?: string; user_id?: string };

/** What differs between two moments (GET /v1/store_changes/{store}), page by page ("Load more"). */
export function useStoreChanges(storeId: string, filter: ChangesFilter | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.timeTravel.changes(storeId, filter ?? {}),
    enabled: filter !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<StoreChangesPage>(`/v1/store_changes/${encodeURIComponent(storeId)}`, {
        query: { ...filter, limit: 25, ...(pageParam && { page: pageParam }) },
        signal,
      }),
    getNextPageParam: (last) => last.next_page,
  });
}

export type PutBackKind = "restores" | "reverts";
type PutBackOf<K extends PutBackKind> = K extends "restores" ? Restore : Revert;

/** Restore or revert reports and dry runs, newest first (the first 100). */
export function usePutBacks<K extends PutBackKind>(kind: K) {
  return useQuery({
    queryKey: queryKeys.putBacks.list(kind),
    queryFn: ({ signal }) => api<Page<PutBackOf<K>>>(`/v1/${kind}`, { query: { limit: 100 }, signal }),
  });
}

/** One restore or revert with every item. */
export function usePutBack<K extends PutBackKind>(kind: K, id: string) {
  return useQuery({
    queryKey: queryKeys.putBacks.one(kind, id),
    queryFn: ({ signal }) => api<PutBackOf<K>>(`/v1/${kind}/${encodeURIComponent(id)}`, { signal }),
  });
}

export type PlanRestoreInput = { memory_store_id: string; as_of: string; path_prefix?: string };
export type PlanRevertInput = {
  memory_store_id: string;
  session_id?: string;
  api_key_id?: string;
  user_id?: string;
  "created_at[gte]"?: string;
  "created_at[lte]"?: string;
};

/** The dry run of a restore or a revert: writes nothing, records what it would do. */
export function usePlanPutBack<K extends PutBackKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: K extends "restores" ? PlanRestoreInput : PlanRevertInput) => api<PutBackOf<K>>(`/v1/${kind}`, { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.putBacks.all }),
  });
}

/** The restore or revert itself: memories change, so every cached read is refreshed afterwards. */
export function useExecutePutBack(kind: PutBackKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }) =>
      api<PutBack>(`/v1/${kind}/${encodeURIComponent(id)}/execute`, { method: "POST", body: { confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}
