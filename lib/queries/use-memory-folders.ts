"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "./keys.ts";
import { folderQuery } from "./page-queries.ts";
import type { MemoryListItem, Page } from "./types.ts";

export type FolderState = {
  items: MemoryListItem[];
  isLoading: boolean;
  error: Error | null;
  /** The server has more entries after the loaded pages. */
  hasMore: boolean;
  isFetchingMore: boolean;
  /** Pages loaded so far (ask for one more to continue). */
  pages: number;
};

const folderKey = (storeId: string, prefix: string, cursor: string | null, asOf: string | null) =>
  queryKeys.memories.folder(storeId, prefix, asOf ? { depth: 1, page: cursor, as_of: asOf } : { depth: 1, page: cursor });

/**
 * The direct children (memories and `memory_prefix` folders) of each open folder, listed with
 * `path_prefix` + `depth=1`, one request per page: nothing below a closed folder is ever
 * fetched. `pagesWanted[prefix]` says how many pages of that folder to load; each page's
 * cursor is the previous page's `next_page` as currently cached, so pages stay contiguous
 * after a refetch.
 */
export function useMemoryFolders(
  storeId: string,
  prefixes: string[],
  pagesWanted: Record<string, number>,
  asOf: string | null = null,
): Map<string, FolderState> {
  const client = useQueryClient();
  const specs: { prefix: string; cursor: string | null }[] = [];
  for (const prefix of prefixes) {
    let cursor: string | null = null;
    for (let i = 0; i < Math.max(1, pagesWanted[prefix] ?? 1); i++) {
      specs.push({ prefix, cursor });
      cursor = client.getQueryData<Page<MemoryListItem>>(folderKey(storeId, prefix, cursor, asOf))?.next_page ?? null;
      if (!cursor) break;
    }
  }

  const results = useQueries({ queries: specs.map(({ prefix, cursor }) => folderQuery(storeId, prefix, cursor, asOf)) });

  const folders = new Map<string, FolderState>();
  specs.forEach(({ prefix, cursor }, i) => {
    const result = results[i]!;
    const firstPage = cursor === null;
    const folder = folders.get(prefix) ?? { items: [], isLoading: false, error: null, hasMore: false, isFetchingMore: false, pages: 0 };
    if (result.data) {
      const seen = new Set(folder.items.map((item) => item.path));
      folder.items = folder.items.concat(result.data.data.filter((item) => !seen.has(item.path)));
      folder.hasMore = result.data.next_page !== null;
      folder.pages += 1;
    } else {
      folder.hasMore = false;
      if (result.isPending && firstPage) folder.isLoading = true;
      if (result.isPending && !firstPage) folder.isFetchingMore = true;
    }
    if (result.error && !result.data) folder.error = result.error;
    folders.set(prefix, folder);
  });
  return folders;
}
