"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** Bulk delete reports and dry runs, newest first (the first 100). */
export function useBulkDeletions() {
  return useQuery({
    queryKey: queryKeys.bulkDeletions.all,
    queryFn: ({ signal }) => apiClient.call("listBulkDeletions", { query: { limit: 100 }, signal }),
  });
}

/** One bulk deletion with every item. */
export function useBulkDeletion(id: string) {
  return useQuery({
    queryKey: queryKeys.bulkDeletions.one(id),
    queryFn: ({ signal }) => apiClient.call("retrieveBulkDeletion", { params: { bulk_deletion: id }, signal }),
  });
}

export type PlanBulkDeletionInput =
  { target: "memories"; memory_store_id: string; path_prefix: string } | { target: "stores"; name: string | null; metadata: Record<string, string> };

/** The dry run: deletes nothing, records what it found. */
export function usePlanBulkDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanBulkDeletionInput) => apiClient.call("planBulkDeletion", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bulkDeletions.all }),
  });
}

/** The deletion itself: stores and memories go, so every cached read is refreshed afterwards. */
export function useExecuteBulkDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, digest, confirmation }: { id: string; digest: string; confirmation: string }) =>
      apiClient.call("executeBulkDeletion", { params: { bulk_deletion: id }, body: { digest, confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}
