"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import type { ErasureMatches } from "./types.ts";

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

/** One text (`query`), or several values picked from a pattern's matches (`values`, with how they were found). */
export type PlanErasureInput = ({ query: string } | { values: string[]; pattern_type?: ErasureMatches["pattern_type"] }) & {
  memory_store_ids: string[] | null;
  action: "replace" | "delete";
  marker?: string;
};

/** The dry run: changes no memory, records what it found. */
export function usePlanErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanErasureInput) => apiClient.call("planErasure", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.erasures.all }),
  });
}

/** The erase itself: it may touch any store, so every cached read is refreshed afterwards. Sends the text, or the picked values, again. */
export function useExecuteErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ erasureId, confirmation, ...what }: { erasureId: string; confirmation: string } & ({ query: string } | { values: string[] })) =>
      apiClient.call("executeErasure", { params: { erasure: erasureId }, body: { ...what, confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}

export type ErasurePattern = { type: "email" } | { type: "phone" } | { type: "literal"; values: string[] } | { type: "regex"; regex: string };

/** The dry run of a pattern erase: every distinct match with its counts (records nothing, so nothing is cached). */
export function useFindErasureMatches() {
  return useMutation({
    mutationFn: (input: { pattern: ErasurePattern; memory_store_ids: string[] | null }) => apiClient.call("findErasureMatches", { body: input }),
  });
}
