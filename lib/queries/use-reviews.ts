"use client";

import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import type {
  BulkAction,
  BulkPreview,
  BulkReport,
  BulkTarget,
  NeedsReview,
  ReviewActionResult,
  ReviewFilters,
  ReviewItem,
  ReviewMark,
} from "./review-types.ts";
import type { BodyOf, ResponseOf } from "@/lib/api-client/operation-types.ts";

/** The inbox's filters are its URL's text; the server refuses a value its enums lack (400), as it does in the list's query. */
type BulkFilter = NonNullable<BodyOf<"bulkReview">["filter"]>;

/** POST /v1/reviews/bulk answers a preview for a dry run and a report otherwise: the one this call asked for. */
function bulkAnswer<T extends (BulkPreview | BulkReport)["type"]>(answer: ResponseOf<"bulkReview">, type: T): Extract<BulkPreview | BulkReport, { type: T }> {
  if (answer.type !== type) throw new Error(`POST /v1/reviews/bulk answered ${answer.type}, not ${type}.`);
  return answer as Extract<BulkPreview | BulkReport, { type: T }>;
}

/** Items awaiting review, newest first, one "Load more" page at a time. */
export function useReviewList(filters: ReviewFilters, { limit = 50 }: { limit?: number } = {}) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.reviews.list({ ...filters, limit }),
    ...apiClient.pages("listReviews", { query: { ...filters, limit } }),
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.data) ?? [] };
}

/**
 * How many items await review (in total and per store). Refreshed every 30 s: agents write while
 * the console is open, and the nav count is how a reviewer notices.
 */
export function useReviewCounts(filters: ReviewFilters = {}) {
  return useQuery({
    queryKey: queryKeys.reviews.counts(filters),
    queryFn: ({ signal }) => apiClient.call("countReviews", { query: filters, signal }),
    refetchInterval: 30_000,
  });
}

/** One item with the settled and head states its combined diff compares; null id loads nothing. */
export function useReviewDetail(memoryId: string | null) {
  return useQuery({
    queryKey: queryKeys.reviews.one(memoryId ?? ""),
    queryFn: ({ signal }) => apiClient.call("retrieveReview", { params: { memory: memoryId! }, signal }),
    enabled: memoryId !== null,
  });
}

/**
 * A review action changes the memory, its versions, its store's count and the inbox. Items it
 * settled (`settled`) no longer exist: their detail is marked stale but not refetched, which
 * would only answer 404.
 */
function invalidateAfterReview(client: QueryClient, storeIds: string[], settled: string[] = []) {
  const gone = new Set(settled.map((id) => JSON.stringify(queryKeys.reviews.one(id))));
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.reviews.all, predicate: (query) => !gone.has(JSON.stringify(query.queryKey)) }),
    ...settled.map((id) => client.invalidateQueries({ queryKey: queryKeys.reviews.one(id), refetchType: "none" })),
    client.invalidateQueries({ queryKey: queryKeys.stores.all }),
    ...storeIds.flatMap((id) => [
      client.invalidateQueries({ queryKey: queryKeys.reviews.allMarks(id) }),
      client.invalidateQueries({ queryKey: queryKeys.versions.all(id) }),
      client.invalidateQueries({ queryKey: queryKeys.memories.all(id) }),
    ]),
  ]);
}

/** The item an action settled for good (nothing newer awaits), if it did. */
const settledBy = (result: ReviewActionResult | undefined, memoryId: string) => (result && !result.remaining ? [memoryId] : []);

export type ApproveInput = { item: ReviewItem; headVersionId: string; content?: string; path?: string; reason?: string };

/** The reviewer's reason as the API takes it: left out when blank. */
const reasonBody = (reason: string | undefined) => (reason?.trim() ? { reason: reason.trim() } : {});

/** Approve what was shown; with content or path, "edit and approve" (a new version, settled). */
export function useApproveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, headVersionId, content, path, reason }: ApproveInput) =>
      apiClient.call("approveReview", {
        params: { memory: item.memory_id },
        body: { head_version_id: headVersionId, ...(content !== undefined && { content }), ...(path !== undefined && { path }), ...reasonBody(reason) },
      }),
    onSettled: (result, _error, { item }) => invalidateAfterReview(client, [item.store_id], settledBy(result, item.memory_id)),
  });
}

export type RevertInput = { item: ReviewItem; headVersionId: string; redact?: boolean; reason?: string };

export function useRevertReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, headVersionId, redact, reason }: RevertInput) =>
      apiClient.call("revertReview", {
        params: { memory: item.memory_id },
        body: { head_version_id: headVersionId, ...(redact && { redact: true }), ...reasonBody(reason) },
      }),
    onSettled: (result, _error, { item }) => invalidateAfterReview(client, [item.store_id], settledBy(result, item.memory_id)),
  });
}

/** What a bulk action covers: the items picked, or everything matching a filter. */
export type BulkScope = { kind: "items"; items: BulkTarget[] } | { kind: "filter"; filter: ReviewFilters };

/**
 * The dry run of a bulk action: how many items it would cover, with the head of each (the run is
 * conditional on those). A POST that changes nothing, read like a query while its dialog is open.
 */
export function useBulkPreview(action: BulkAction, scope: BulkScope) {
  return useQuery({
    queryKey: ["review-bulk-preview", action, scope] as const,
    queryFn: async ({ signal }) =>
      bulkAnswer(
        await apiClient.call("bulkReview", {
          body: { action, dry_run: true, ...(scope.kind === "items" ? { items: scope.items } : { filter: scope.filter as BulkFilter }) },
          signal,
        }),
        "review_bulk_preview",
      ),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** Runs a bulk action on exactly what its dry run returned (each item conditional on the head it saw). */
export function useBulkRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ preview, reason }: { preview: BulkPreview; reason?: string }) =>
      bulkAnswer(
        await apiClient.call("bulkReview", {
          body: {
            action: preview.action,
            items: preview.items.map(({ memory_id, head_version_id }) => ({ memory_id, head_version_id })),
            ...reasonBody(reason),
          },
        }),
        "review_bulk_report",
      ),
    onSettled: (report, _error, { preview }) => {
      const refused = new Set(report?.conflicts.map((c) => c.memory_id));
      const settled = report ? preview.items.map((i) => i.memory_id).filter((id) => !refused.has(id)) : [];
      return invalidateAfterReview(client, [...new Set(preview.items.map((i) => i.store_id))], settled);
    },
  });
}

/** The API takes at most this many version ids per review_marks request. */
const MARKS_PER_REQUEST = 100;

/** Review marks of the listed versions (approved / reverted / awaiting, by whom), read 100 ids a request. */
export function useReviewMarks(storeId: string, versionIds: string[]): Map<string, ReviewMark> {
  const chunks: string[][] = [];
  for (let i = 0; i < versionIds.length; i += MARKS_PER_REQUEST) chunks.push(versionIds.slice(i, i + MARKS_PER_REQUEST));
  const results = useQueries({
    queries: chunks.map((ids) => ({
      queryKey: queryKeys.reviews.marks(storeId, ids),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiClient.call("reviewMarks", { query: { store_id: storeId, version_id: ids }, signal }),
      // A missing mark is only a missing badge: never retry or shout about it.
      retry: false,
    })),
  });
  const marks = new Map<string, ReviewMark>();
  for (const result of results) for (const [id, mark] of Object.entries(result.data?.data ?? {})) marks.set(id, mark);
  return marks;
}

export function useReviewSettings(storeId: string) {
  return useQuery({
    queryKey: queryKeys.reviews.settings(storeId),
    queryFn: ({ signal }) => apiClient.call("retrieveReviewSettings", { params: { store: storeId }, signal }),
  });
}

export function useUpdateReviewSettings(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (needsReview: NeedsReview) => apiClient.call("updateReviewSettings", { params: { store: storeId }, body: { needs_review: needsReview } }),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.reviews.settings(storeId), settings);
      return client.invalidateQueries({ queryKey: queryKeys.reviews.all });
    },
  });
}
