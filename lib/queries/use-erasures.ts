"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** Erase reports and dry runs, newest first (the first 100). */
export function useErasures() {
  return useQuery({
    queryKey: queryKeys.erasures.all,
    queryFn: ({ signal }) => apiClient.call("listErasures", { query: { limit: 100 }, signal }),
  });
}

/** One erasure with every item. */
export function useErasure(erasureId: string) {
  return useQuery({
    queryKey: queryKeys.erasures.one(erasureId),
    queryFn: ({ signal }) => apiClient.call("retrieveErasure", { params: { erasure: erasureId }, signal }),
  });
}

export type PlanErasureInput = { query: string; memory_store_ids: string[] | null; action: "replace" | "delete"; marker?: string };

/** The dry run: changes no memory, records what it found. */
export function usePlanErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanErasureInput) => apiClient.call("planErasure", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.erasures.all }),
  });
}

/** The erase itself: it may touch any store, so every cached read is refreshed afterwards. */
export function useExecuteErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ erasureId, query, confirmation }: { erasureId: string; query: string; confirmation: string }) =>
      apiClient.call("executeErasure", { params: { erasure: erasureId }, body: { query, confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}
