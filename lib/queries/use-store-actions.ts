"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "./keys.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import type { StoreFilter } from "./page-queries.ts";

/** A store listing's filter as the bulk store actions take it (the fields of GET /v1/store_search). */
export function storeActionFilter(filter: StoreFilter) {
  return {
    name: filter.name.trim() || null,
    metadata: filter.metadata,
    ...(filter.archived === "only" ? { archived: true } : { include_archived: filter.archived === "include" }),
    idle_days: filter.idleDays ?? null,
    min_fill_percent: filter.minFillPercent ?? null,
    min_content_bytes: filter.minContentBytes ?? null,
  };
}

const OPERATIONS = {
  archive: { plan: "planStoreArchival", execute: "executeStoreArchival", param: "store_archival" },
  delete: { plan: "planStoreDeletion", execute: "executeStoreDeletion", param: "store_deletion" },
} as const;

/** The dry run of archiving or deleting the stores a listing's filter selects: changes nothing, records what it found. */
export function usePlanStoreAction(action: "archive" | "delete") {
  return useMutation({
    mutationFn: (filter: StoreFilter) => apiClient.call(OPERATIONS[action].plan, { body: { filter: storeActionFilter(filter) } }),
  });
}

/** The execution: stores are archived or deleted, so every cached read is refreshed afterwards. */
export function useExecuteStoreAction(action: "archive" | "delete") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }) =>
      action === "archive"
        ? apiClient.call("executeStoreArchival", { params: { store_archival: id }, body: { confirmation } })
        : apiClient.call("executeStoreDeletion", { params: { store_deletion: id }, body: { confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}

/** The workspace's archivals or deletions, newest first (the first 100), the lifecycle sweep's included. */
export function useStoreActions(action: "archive" | "delete") {
  return useQuery({
    queryKey: queryKeys.storeActions.list(action),
    queryFn: ({ signal }) =>
      action === "archive"
        ? apiClient.call("listStoreArchivals", { query: { limit: 100 }, signal })
        : apiClient.call("listStoreDeletions", { query: { limit: 100 }, signal }),
  });
}

/** The lifecycle rule and what its next sweep would archive now. */
export function useStoreLifecycle() {
  return useQuery({
    queryKey: queryKeys.storeActions.lifecycle,
    queryFn: ({ signal }) => apiClient.call("retrieveStoreLifecycle", { signal }),
  });
}

export function useSetStoreLifecycle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) => apiClient.call("updateStoreLifecycle", { body: { archive_after_idle_days: days } }),
    onSuccess: (data) => client.setQueryData(queryKeys.storeActions.lifecycle, data),
  });
}
