import { z } from "zod";
import { actorFromColumns, actorId } from "../memory/actor.ts";
import { BULK_ACTIONS } from "../memory/review/bulk.ts";
import type { ReviewSide } from "../memory/review/get-review.ts";
import { FINDING_FILTERS } from "../memory/review/list-reviews.ts";
import type { ReviewMark } from "../memory/review/marks.ts";
import { REVIEW_CHANGES, REVIEW_POLICIES, type ReviewPolicy } from "../memory/review/policy.ts";
import type { ReviewDecisionRecord, ReviewItemRecord } from "../memory/review/review-rows.ts";
import { limit, timestamp } from "./schemas.ts";
import { LIMITS } from "../memory/limits.ts";

/** Wire shapes of the review endpoints (this project's extension; the console infers its types from these). */
const iso = (d: Date) => d.toISOString();

/** `readSince` (the inbox list only): the agent sessions that read what awaits review (lib/memory/reads/exposed-sessions.ts). */
export function reviewItemWire(item: ReviewItemRecord, readSince?: { sessions: number; lastReadAt: Date | null }) {
  return {
    type: "review_item" as const,
    memory_id: item.memoryId,
    store_id: item.storeId,
    store_name: item.storeName ?? null,
    change: item.change,
    path: item.path,
    settled_path: item.settledPath,
    settled_version_id: item.settledVersionId,
    head_version_id: item.headVersionId,
    version_count: item.versionCount,
    // As on versions' created_by: the key behind a session is recorded, not put on the wire.
    last_actor: actorFromColumns(item.lastActor.type, actorId(item.lastActor))!,
    authors: item.authors.map((a) => actorFromColumns(a.type, actorId(a))!),
    first_pending_at: iso(item.firstPendingAt),
    updated_at: iso(item.updatedAt),
    findings: item.findings,
    stale_reason: item.staleReason,
    ...(readSince && { read_since: { sessions: readSince.sessions, last_read_at: readSince.lastReadAt && iso(readSince.lastReadAt) } }),
  };
}

export function reviewDecisionWire(decision: ReviewDecisionRecord) {
  return {
    type: "review_decision" as const,
    id: decision.id,
    store_id: decision.storeId,
    memory_id: decision.memoryId,
    action: decision.action,
    from_version_id: decision.fromVersionId,
    to_version_id: decision.toVersionId,
    result_version_id: decision.resultVersionId,
    redacted: decision.redacted,
    reviewer: decision.reviewer,
    batch_id: decision.batchId,
    reason: decision.reason,
    created_at: iso(decision.createdAt),
  };
}

export function reviewSideWire(side: ReviewSide | null) {
  return side && { version_id: side.versionId, operation: side.operation, path: side.path, content: side.content, redacted: side.redacted };
}

export function reviewOutcomeWire(outcome: { decision: ReviewDecisionRecord; remaining: ReviewItemRecord | null }) {
  const { decision, remaining } = outcome;
  const what = { approved: "Approved", reverted: "Reverted", edited: "Saved and approved" }[decision.action];
  const message = remaining
    ? `${what} up to the version you saw. ${remaining.versionCount} newer version${remaining.versionCount === 1 ? "" : "s"} written since then still await${remaining.versionCount === 1 ? "s" : ""} review.`
    : `${what}.`;
  return {
    type: "review_outcome" as const,
    decision: reviewDecisionWire(decision),
    remaining: remaining && reviewItemWire(remaining),
    message,
  };
}

export function reviewMarksWire(marks: Map<string, ReviewMark>) {
  return {
    type: "review_marks" as const,
    data: Object.fromEntries([...marks].map(([id, m]) => [id, { state: m.state, reviewer: m.reviewer, at: m.at && iso(m.at), reason: m.reason }])),
  };
}

export function reviewSettingsWire(storeId: string, policy: ReviewPolicy) {
  return { type: "review_settings" as const, store_id: storeId, needs_review: policy };
}

const filterFields = {
  store_id: z.string().optional(),
  actor_id: z.string().optional(),
  path_prefix: z.string().optional(),
  change: z.enum(REVIEW_CHANGES).optional(),
  updated_after: timestamp.optional(),
  updated_before: timestamp.optional(),
  finding: z.enum(FINDING_FILTERS).optional(),
};
export const REVIEW_FILTER_KEYS = Object.keys(filterFields) as (keyof typeof filterFields)[];

export const reviewListQuery = z.object({ ...filterFields, limit: limit.optional(), page: z.string().optional() });
export const reviewCountsQuery = z.object(filterFields);

const bodyTimestamp = z.iso.datetime({ offset: true, message: "must be an RFC 3339 timestamp" }).transform((s) => new Date(s));
const bulkFilter = z.strictObject({ ...filterFields, updated_after: bodyTimestamp.optional(), updated_before: bodyTimestamp.optional() });
// Items as a dry run returned them (their store_id and path may come back too; they are not needed).
const bulkItem = z.object({ memory_id: z.string(), head_version_id: z.string() });

/** The reviewer's reason for a decision, kept with it (blank is none). */
const reason = z.string().max(LIMITS.reviewReasonChars, `reason: at most ${LIMITS.reviewReasonChars} characters`).nullish();
export const approveBody = z.strictObject({ head_version_id: z.string(), content: z.string().nullish(), path: z.string().nullish(), reason });
export const revertBody = z.strictObject({ head_version_id: z.string(), redact: z.boolean().optional(), reason });
export const bulkBody = z
  .strictObject({ action: z.enum(BULK_ACTIONS), dry_run: z.boolean().optional(), filter: bulkFilter.optional(), items: z.array(bulkItem).optional(), reason })
  .refine((b) => b.items !== undefined || (b.dry_run === true && b.filter !== undefined), {
    message: "send items (what a dry run returned), or dry_run: true with a filter to preview",
  });
export const settingsBody = z.strictObject({ needs_review: z.enum(REVIEW_POLICIES) });
/** version_id repeats (up to 100); the route reads every value, the schema documents one. */
export const marksQuery = z.object({ store_id: z.string(), version_id: z.string().optional() });
export const decisionsQuery = z.object({
  store_id: z.string().optional(),
  memory_id: z.string().optional(),
  batch_id: z.string().optional(),
  limit: limit.optional(),
  page: z.string().optional(),
});

export type ReviewItemWire = ReturnType<typeof reviewItemWire>;
export type ReviewOutcomeWire = ReturnType<typeof reviewOutcomeWire>;
export type ReviewMarksWire = ReturnType<typeof reviewMarksWire>;
