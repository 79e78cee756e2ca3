import { REVIEW_FILTER_KEYS, type ReviewFilters } from "@/lib/queries/review-types.ts";

/** Inbox filters <-> the page's query string, named exactly like the API's parameters. */
export function reviewFiltersFromSearch(params: URLSearchParams): ReviewFilters {
  const filters: ReviewFilters = {};
  for (const key of REVIEW_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function reviewFiltersToQuery(filters: ReviewFilters): string {
  const params = new URLSearchParams();
  for (const key of REVIEW_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** The filters a person set (the per-store inbox's own store does not count). */
export function hasOwnFilters(filters: ReviewFilters, fixedStoreId?: string): boolean {
  return REVIEW_FILTER_KEYS.some((key) => filters[key] && !(key === "store_id" && fixedStoreId));
}
