import type { BetaManagedAgentsActor } from "@anthropic-ai/sdk/resources/beta/memory-stores";

/**
 * Wire types of the review endpoints (/v1/reviews, /v1/review_marks, /v1/review_settings), as the
 * contract declares them. Declared here, in one file, until the server's wire schemas land in
 * lib/http; then they are inferred from those, as the admin types are (see types.ts).
 */
export type ReviewActor = BetaManagedAgentsActor;

export const REVIEW_CHANGES = ["created", "modified", "renamed", "deleted"] as const;
export type ReviewChange = (typeof REVIEW_CHANGES)[number];

export type ReviewItem = {
  type: "review_item";
  memory_id: string;
  store_id: string;
  store_name: string;
  change: ReviewChange;
  /** The head path (for "deleted": the path it had when deleted). */
  path: string;
  /** Null when the memory did not exist when last settled. */
  settled_path: string | null;
  settled_version_id: string | null;
  /** The head the reviewer sees; every action sends it back. */
  head_version_id: string;
  version_count: number;
  last_actor: ReviewActor;
  first_pending_at: string;
  updated_at: string;
};

export type VersionState = {
  version_id: string;
  path: string | null;
  content: string | null;
  redacted: boolean;
  operation: string;
};

export type ReviewDetail = { item: ReviewItem; settled: VersionState | null; head: VersionState };

export type ReviewDecision = {
  type: "review_decision";
  id: string;
  store_id: string;
  memory_id: string;
  action: "approved" | "reverted" | "edited";
  from_version_id: string | null;
  to_version_id: string;
  result_version_id: string | null;
  redacted: boolean;
  reviewer: ReviewActor;
  batch_id: string | null;
  created_at: string;
};

export type ReviewActionResult = { decision: ReviewDecision; remaining: ReviewItem | null; message: string };

export const REVIEW_FILTER_KEYS = ["store_id", "actor_id", "path_prefix", "change", "updated_after", "updated_before"] as const;
export type ReviewFilterKey = (typeof REVIEW_FILTER_KEYS)[number];
export type ReviewFilters = Partial<Record<ReviewFilterKey, string>>;

export type ReviewCounts = { type: "review_counts"; total: number; stores: Record<string, number> };

export type BulkAction = "approve" | "revert";
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

export type ReviewMark = { state: "awaiting" | "approved" | "reverted"; reviewer: ReviewActor | null; at: string | null };
export type ReviewMarks = { data: Record<string, ReviewMark> };

export const NEEDS_REVIEW = ["agents", "everyone", "nobody"] as const;
export type NeedsReview = (typeof NEEDS_REVIEW)[number];
export type ReviewSettings = { type: "review_settings"; store_id: string; needs_review: NeedsReview };
