"use client";

import { useQueries } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import type { FolderSummary } from "@/lib/api-client/wire-types.ts";
import { queryKeys } from "./keys.ts";

/** Folder summaries' pages followed at most: 100 pages of 100 folders is a full store's 10,000. */
const MAX_PAGES = 100;

/**
 * The counts beside the tree's folders (GET /v1/folder_summaries/{store}): for each open
 * prefix, its child folders' memories and awaiting-review counts, by folder path. Every page
 * of a prefix is read in one query (each page costs what its own folders hold, so all of them
 * cost what the prefix holds). Its key is under the store's memories: the writes and reviews
 * that refresh the tree refresh these counts with it. Off (`enabled` false) when the tree shows
 * the past, whose counts these are not.
 */
export function useFolderSummaries(storeId: string, prefixes: string[], enabled = true): Map<string, FolderSummary> {
  const results = useQueries({
    queries: prefixes.map((prefix) => ({
      queryKey: queryKeys.memories.folderSummaries(storeId, prefix),
      enabled,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const folders: FolderSummary[] = [];
        let page: string | undefined;
        for (let i = 0; i < MAX_PAGES; i++) {
          const answer = await apiClient.call("listFolderSummaries", { params: { store: storeId }, query: { path_prefix: prefix, limit: 100, page }, signal });
          folders.push(...answer.data);
          if (!answer.next_page) break;
          page = answer.next_page;
        }
        return folders;
      },
    })),
  });
  const byPath = new Map<string, FolderSummary>();
  for (const result of results) for (const folder of result.data ?? []) byPath.set(folder.path, folder);
  return byPath;
}
