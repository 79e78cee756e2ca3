"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import type { Erasure, Page } from "./types.ts";

/** Erase reports and dry runs, newest first (the first 100). */
export function useErasures() {
  return useQuery({
    queryKey: queryKeys.erasures.all,
    queryFn: ({ signal }) => api<Page<Erasure>>("/v1/erasures", { query: { limit: 100 }, signal }),
  });
}

/** One erasure with every item. */
export function useErasure(erasureId: string) {
  return useQuery({
    queryKey: queryKeys.erasures.one(erasureId),
    queryFn: ({ signal }) => api<Erasure>(`/v1/erasures/${encodeURIComponent(erasureId)}`, { signal }),
  });
}

export type PlanErasureInput = { query: string; memory_store_ids: string[] | null; action: "replace" | "delete"; marker?: string };

/** The dry run: changes no memory, records what it found. */
export function usePlanErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanErasureInput) => api<Erasure>("/v1/erasures", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.erasures.all }),
  });
}

/** The erase itself: it may touch any store, so every cached read is refreshed afterwards. */
export function useExecuteErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ erasureId, query, confirmation }: { erasureId: string; query: string; confirmation: string }) =>
      api<Erasure>(`/v1/erasures/${encodeURIComponent(erasureId)}/execute`, { method: "POST", body: { query, confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}
