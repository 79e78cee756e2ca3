"use client";

import type { QueryClient } from "@tanstack/react-query";
import { filtersFromSearchParams } from "@/components/versions/filter-params.ts";
import { folderOf, folderQuery, memoryQuery, storeQuery, storesQuery, versionListQuery } from "@/lib/queries/page-queries.ts";

/**
 * Starts loading the primary data of a console page before it is shown (a link hovered,
 * focused or pressed), with the very queries the page will run, so that navigating to it
 * waits for nothing but the page's code. Fresh data is not fetched again (staleTime).
 */
export function prefetchRoute(client: QueryClient, href: string) {
  const url = new URL(href, window.location.origin);
  if (url.origin !== window.location.origin) return;
  const [section, storeId, kind, id] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (section !== "stores") return;
  if (!storeId) return void client.prefetchInfiniteQuery(storesQuery(false));
  void client.prefetchQuery(storeQuery(storeId));
  if (!kind) {
    // The store page, with the memory it shows beside the tree (?memory=).
    const open = url.searchParams.get("memory");
    if (open) void client.prefetchQuery(memoryQuery(storeId, open));
    return void client.prefetchQuery(folderQuery(storeId, folderOf(url.searchParams.get("prefix"))));
  }
  if (kind === "memories" && id) return void client.prefetchQuery(memoryQuery(storeId, id));
  if (kind === "versions" && !id) return void client.prefetchInfiniteQuery(versionListQuery(storeId, filtersFromSearchParams(url.searchParams)));
}
