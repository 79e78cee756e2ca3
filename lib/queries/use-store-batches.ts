"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { ApiError, jsonOf, CONSOLE_TRANSPORT } from "@/lib/api-client/request.ts";
import type { StoreBatch } from "./types.ts";
import { queryKeys } from "./keys.ts";

/** Store batch reports and dry runs, newest first (the first 100). */
export function useStoreBatches() {
  return useQuery({
    queryKey: queryKeys.storeBatches.all,
    queryFn: ({ signal }) => apiClient.call("listStoreBatches", { query: { limit: 100 }, signal }),
  });
}

/** One store batch with every row of its file. */
export function useStoreBatch(id: string) {
  return useQuery({
    queryKey: queryKeys.storeBatches.one(id),
    queryFn: ({ signal }) => apiClient.call("retrieveStoreBatch", { params: { store_batch: id }, signal }),
  });
}

export type PlanStoreBatchInput = { csv: string; templateStoreId: string | null; uniqueBy: string | null; sourceName: string | null };

/** The dry run: the CSV as the body; creates nothing, records what it found. */
export function usePlanStoreBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ csv, templateStoreId, uniqueBy, sourceName }: PlanStoreBatchInput) => {
      const query = { template_store_id: templateStoreId ?? undefined, unique_by: uniqueBy ?? undefined, source_name: sourceName ?? undefined };
      return jsonOf<StoreBatch>(await apiClient.send("planStoreBatch", { query, upload: { body: csv, contentType: "text/csv" } }), CONSOLE_TRANSPORT);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.storeBatches.all }),
  });
}

type Line = { type?: string; written?: number; total?: number; error?: { type?: string; message?: string } };

/**
 * The execution, with `progress=true`: the answer is JSON Lines (stores done of how many while it
 * runs, then the report or the error envelope), read as it arrives.
 */
export function useExecuteStoreBatch(onProgress: (done: number, total: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, confirmation }: { id: string; confirmation: string }): Promise<StoreBatch> => {
      const response = await apiClient.send("executeStoreBatch", { params: { store_batch: id }, query: { progress: true }, body: { confirmation } });
      if (!response.ok || !response.body) return jsonOf<StoreBatch>(response, CONSOLE_TRANSPORT);
      let last: Line | null = null;
      for await (const line of jsonLines(response.body)) {
        if (line.type === "store_batch_progress") onProgress(line.written ?? 0, line.total ?? 0);
        last = line;
      }
      if (!last || last.type === "error")
        throw new ApiError(response.status, last?.error?.type ?? "api_error", last?.error?.message ?? "The batch did not finish.");
      return last as unknown as StoreBatch;
    },
    // Stores were created: every cached list is refreshed.
    onSettled: () => client.invalidateQueries(),
  });
}

async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<Line> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const lines = buffered.split("\n");
    buffered = done ? "" : lines.pop()!;
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as Line;
    if (done) return;
  }
}
