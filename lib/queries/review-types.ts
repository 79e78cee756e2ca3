import type { ReviewItemWire, ReviewMarksWire, ReviewOutcomeWire, reviewSideWire } from "@/lib/http/review-wire.ts";
import type { REVIEW_FILTER_KEYS as SERVER_FILTER_KEYS } from "@/lib/http/review-wire.ts";
import type { BulkAction } from "@/lib/memory/review/bulk.ts";

/**
 * Wire types of the review endpoints (/v1/reviews, /v1/review_marks, /v1/review_settings),
 * inferred from the server's serialisers in lib/http/review-wire.ts, never re-declared. The
 * constants come from the framework-free domain files, so the browser bundle stays free of
 * zod schemas and database code.
 */
export { REVIEW_CHANGES, REVIEW_POLICIES as NEEDS_REVIEW, type ReviewChange, type ReviewPolicy as NeedsReview } from "@/lib/memory/review/policy.ts";
export type { BulkAction };

export type ReviewItem = ReviewItemWire;
export type ReviewActionResult = ReviewOutcomeWire;
export type ReviewMarks = ReviewMarksWire;
export type ReviewMark = ReviewMarks["data"][string];

/** One end of an item's combined change (GET /v1/reviews/{memory}); the head always exists. */
export type VersionState = NonNullable<ReturnType<typeof reviewSideWire>>;
export type ReviewDetail = { type: "review"; item: ReviewItem; settled: VersionState | null; head: VersionState };

/**
 * The inbox filters, named as the API's query parameters. The server's list is derived from its
 * zod schema (too heavy for the browser), so it is repeated here and checked both ways.
 */
export const REVIEW_FILTER_KEYS = [
  "store_id",
  "actor_id",
  "path_prefix",
  "change",
  "updated_after",
  "updated_before",
  "finding",
] as const satisfies readonly ServerFilterKey[];
type ServerFilterKey = (typeof SERVER_FILTER_KEYS)[number];
export type ReviewFilterKey = (typeof REVIEW_FILTER_KEYS)[number];
type AssertTrue<T extends true> = T;
/** Fails to compile when the server gains a filter this list lacks. */
type _EveryServerFilterListed = AssertTrue<[Exclude<ServerFilterKey, ReviewFilterKey>] extends [never] ? true : false>;
export type ReviewFilters = Partial<Record<ReviewFilterKey, string>>;

/** POST /v1/reviews/bulk's answers (declared in its route handler, inline). */
export type BulkTarget = { memory_id: string; head_version_id: string };
export type BulkPreview = {
  type: "review_bulk_preview";
  action: BulkAction;
  count: number;
  items: (BulkTarget & { store_id: string; path: string })[];
};
export type BulkReport = {
  type: "review_bulk_report";
  batch_id: string;
  action: BulkAction;
  requested: number;
  applied: number;
  conflicts: { memory_id: string; message: string }[];
};
