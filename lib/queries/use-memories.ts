"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import { memoryQuery } from "./page-queries.ts";

/** One memory with its content, by id (deep links load it this way, whatever its path). */
export function useMemory(storeId: string, memoryId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...memoryQuery(storeId, memoryId), enabled });
}

/** What a memory write changes: its folders, the store's memory count, and the store's history. */
function invalidateAfterWrite(client: QueryClient, storeId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: [...queryKeys.memories.all(storeId), "folder"] }),
    client.invalidateQueries({ queryKey: queryKeys.memories.allFolderSummaries(storeId) }),
    client.invalidateQueries({ queryKey: queryKeys.stores.all }),
    client.invalidateQueries({ queryKey: queryKeys.versions.all(storeId) }),
  ]);
}

export function useCreateMemory(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; content: string }) => apiClient.call("createMemory", { params: { store: storeId }, body: input }),
    onSuccess: () => invalidateAfterWrite(client, storeId),
  });
}

export type MemoryUpdate = {
  content?: string;
  path?: string;
  /** The content_sha256 of the version being edited: the API refuses the update if it changed meanwhile. */
  expectedSha256?: string;
};

export function useUpdateMemory(storeId: string, memoryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, path, expectedSha256 }: MemoryUpdate) =>
      apiClient.call("updateMemory", {
        params: { store: storeId, memory: memoryId },
        query: { view: "full" },
        body: {
          ...(content !== undefined && { content }),
          ...(path !== undefined && { path }),
          ...(expectedSha256 && { precondition: { type: "content_sha256", content_sha256: expectedSha256 } }),
        },
      }),
    onSuccess: (memory) => {
      client.setQueryData(queryKeys.memories.one(storeId, memoryId), memory);
      return invalidateAfterWrite(client, storeId);
    },
  });
}

export function useDeleteMemory(storeId: string, memoryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ expectedSha256 }: { expectedSha256: string }) =>
      apiClient.call("deleteMemory", {
        params: { store: storeId, memory: memoryId },
        query: { expected_content_sha256: expectedSha256 },
      }),
    onSuccess: () =>
      Promise.all([
        // Marked stale, not refetched now: the page that deleted it is leaving.
        client.invalidateQueries({ queryKey: queryKeys.memories.one(storeId, memoryId), refetchType: "none" }),
        invalidateAfterWrite(client, storeId),
      ]),
  });
}
