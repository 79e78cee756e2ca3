"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** Everyone handed a version's content while it was the head, first readers first, 50 a page. */
export function useVersionReaders(storeId: string, versionId: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.versions.readers(storeId, versionId),
    ...apiClient.pages("listVersionReaders", { params: { store: storeId, version: versionId }, query: { limit: 50 } }),
  });
  return { ...query, readers: query.data?.pages.flatMap((p) => p.data) ?? [], total: query.data?.pages[0]?.total_readers ?? 0 };
}

/** A store's memories no agent has read for `days` days, in path order, 100 a page; under the store's memories, so writes refresh it. */
export function useUnreadMemories(storeId: string, days: number) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.memories.unread(storeId, days),
    ...apiClient.pages("listUnreadMemories", { params: { store: storeId }, query: { days, limit: 100 } }),
  });
  return { ...query, memories: query.data?.pages.flatMap((p) => p.data) ?? [] };
}
