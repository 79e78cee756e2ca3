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
