import { filtersFromQuery, filtersToQuery } from "@/components/ui/filter-query.ts";
import { REVIEW_FILTER_KEYS, type ReviewFilters } from "@/lib/queries/review-types.ts";

/** Inbox filters <-> the page's query string (components/ui/filter-query.ts). */
export const reviewFiltersFromSearch = (params: URLSearchParams): ReviewFilters => filtersFromQuery(REVIEW_FILTER_KEYS, params);
export const reviewFiltersToQuery = (filters: ReviewFilters): string => filtersToQuery(REVIEW_FILTER_KEYS, filters);

/** The filters a person set (the per-store inbox's own store does not count). */
export function hasOwnFilters(filters: ReviewFilters, fixedStoreId?: string): boolean {
  return REVIEW_FILTER_KEYS.some((key) => filters[key] && !(key === "store_id" && fixedStoreId));
}
