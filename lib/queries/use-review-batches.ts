"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { batchUndoWire, reviewBatchWire } from "@/lib/http/review-batch-wire.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

export type ReviewBatch = ReturnType<typeof reviewBatchWire>;
export type BatchUndo = ReturnType<typeof batchUndoWire>;
export type BatchUndoItem = NonNullable<BatchUndo["items"]>[number];

/** Recorded bulk approves and reverts, newest first (the first 100), each with its newest undo. */
export function useReviewBatches() {
  return useQuery({
    queryKey: queryKeys.reviewBatches.list(),
    queryFn: ({ signal }) => apiClient.call("listReviewBatches", { query: { limit: 100 }, signal }),
  });
}

/** One batch undo (dry run or report) with every item. */
export function useBatchUndo(id: string) {
  return useQuery({
    queryKey: queryKeys.reviewBatches.undo(id),
    queryFn: ({ signal }) => apiClient.call("retrieveBatchUndo", { params: { undo: id }, signal }),
  });
}

/** The dry run of undoing a batch: writes nothing, records what it would do. */
export function usePlanBatchUndo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => apiClient.call("planBatchUndo", { body: { batch_id: batchId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviewBatches.all }),
  });
}

/** The undo itself: memories change, so every cached read is refreshed afterwards. */
export function useExecuteBatchUndo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: string }) =>
      apiClient.call("executeBatchUndo", { params: { undo: id }, body: { confirmation } }),
    onSettled: () => client.invalidateQueries(),
  });
}
