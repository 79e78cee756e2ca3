"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import type { Page, PutBack, Restore, Revert } from "./types.ts";

/** Who wrote to a store and when (GET /v1/store_activity/{store}): the activity list and strip. */
export function useStoreActivity(storeId: string, params: { from?: string; to?: string; buckets?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.timeTravel.activity(storeId, params),
    queryFn: ({ signal }) => apiClient.call("storeActivity", { params: { store: storeId }, query: { limit: 100, buckets: 48, ...params }, signal }),
  });
}

export type ChangesFilter = { from: string; to?: string; path_prefix?: string; session_id?: string; api_key_id?: string; user_id?: string };

/** What differs between two moments (GET /v1/store_changes/{store}), page by page ("Load more"). */
export function useStoreChanges(storeId: string, filter: ChangesFilter | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.timeTravel.changes(storeId, filter ?? {}),
    enabled: filter !== null,
    ...apiClient.pages("listStoreChanges", { params: { store: storeId }, query: { ...filter, limit: 25 } }),
  });
}

export type PutBackKind = "restores" | "reverts";
type PutBackOf<K extends PutBackKind> = K extends "restores" ? Restore : Revert;
const PUT_BACK = { restores: { list: "listRestores" }, reverts: { list: "listReverts" } } as const;

/** Restore or revert reports and dry runs, newest first (the first 100). */
export function usePutBacks<K extends PutBackKind>(kind: K) {
  return useQuery({
    queryKey: queryKeys.putBacks.list(kind),
    queryFn: ({ signal }) => apiClient.call(PUT_BACK[kind].list, { query: { limit: 100 }, signal }) as Promise<Page<PutBackOf<K>>>,
  });
}

/** One restore or revert with every item. */
export function usePutBack<K extends PutBackKind>(kind: K, id: string) {
  return useQuery({
    queryKey: queryKeys.putBacks.one(kind, id),
    queryFn: ({ signal }) =>
      (kind === "restores"
        ? apiClient.call("retrieveRestore", { params: { restore: id }, signal })
        : apiClient.call("retrieveRevert", { params: { revert: id }, signal })) as Promise<PutBackOf<K>>,
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
    mutationFn: (input: K extends "restores" ? PlanRestoreInput : PlanRevertInput) =>
      (kind === "restores"
        ? apiClient.call("planRestore", { body: input as PlanRestoreInput })
        : apiClient.call("planRevert", { body: input as PlanRevertInput })) as Promise<PutBackOf<K>>,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.putBacks.all }),
  });
}

/** The restore or revert itself: memories change, so every cached read is refreshed afterwards. */
export function useExecutePutBack(kind: PutBackKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }): Promise<PutBack> =>
      kind === "restores"
        ? apiClient.call("executeRestore", { params: { restore: id }, body: { confirmation } })
        : apiClient.call("executeRevert", { params: { revert: id }, body: { confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}
