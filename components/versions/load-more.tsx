"use client";

import { Button } from "@/components/ui/button.tsx";

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown; isFetchNextPageError: boolean; error: Error | null };

/** "Load more" under a list read page by page through the API's `next_page` cursor. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 border-t border-slate-100 p-3">
      {query.isFetchNextPageError && query.error && (
        <p role="alert" className="text-sm text-red-700">
          {query.error.message}
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
        {query.isFetchingNextPage ? "Loading…" : "Load more"}
      </Button>
    </div>
  );
}
