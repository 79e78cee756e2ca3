import { OPERATION_ROUTES } from "./operation-routes.ts";
import { z } from "zod";
import { BULK_ACTIONS } from "../memory/review/bulk.ts";
import { DETECTOR_CLASSES } from "../memory/policies/write-policy.ts";
import { REVIEW_ACTIONS, REVIEW_CHANGES, REVIEW_POLICIES } from "../memory/review/policy.ts";
import { approveBody, bulkBody, decisionsQuery, marksQuery, reviewCountsQuery, reviewListQuery, revertBody, settingsBody } from "./review-wire.ts";
import { actorSchema, pageSchema } from "./wire-schemas.ts";

/**
 * The review endpoints (issue 10), an extension the hosted API does not have: their response
 * shapes (the serializers in review-wire.ts are typed against them) and their operations,
 * which lib/http/operations.ts adds to the one table the routes and the OpenAPI document use.
 */
const timestamp = z.iso.datetime();
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

export const reviewItemSchema = extension(
  z.object({
    type: z.literal("review_item"),
    memory_id: z.string(),
    store_id: z.string(),
    store_name: z.string().nullable(),
    change: z.enum(REVIEW_CHANGES),
    path: z.string().meta({ description: "The head's path (for a deleted memory, the path it had)." }),
    settled_path: z.string().nullable().meta({ description: "null when the memory did not exist when last settled." }),
    settled_version_id: z.string().nullable(),
    head_version_id: z.string().meta({ description: "Send it back with every action: actions are conditional on it." }),
    version_count: z.number().int().meta({ description: "Versions awaiting review." }),
    last_actor: actorSchema,
    authors: z.array(actorSchema).meta({
      description:
        "Who wrote what awaits review, in the order they first wrote. When a deliberate act (an undo, a restore, a batch undo, an erase) put back or kept writes nobody settled, they are those writes' authors and last_actor is who carried the act out.",
    }),
    first_pending_at: timestamp,
    updated_at: timestamp,
    findings: z
      .array(
        z.object({
          class: z.enum(DETECTOR_CLASSES),
          rule: z.string(),
          description: z.string(),
          line: z.number().int(),
          version_id: z.string(),
        }),
      )
      .meta({ description: "What the store's write policy detectors found in the writes held here (never the matched text), oldest first." }),
    stale_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why a stale item is stale: "unread for 90 days" (unread_after_days); null for other changes and for review_after_days items.' }),
    read_since: z.object({ sessions: z.number().int(), last_read_at: timestamp.nullable() }).optional().meta({
      description:
        "In the inbox list: how many agent sessions (keys without one count once) read what awaits review since it was written, and when last. 0: nobody took it in yet.",
    }),
  }),
  "ReviewItem",
  "A memory with changes awaiting review: from its settled version to its head.",
);

export const reviewDecisionSchema = extension(
  z.object({
    type: z.literal("review_decision"),
    id: z.string(),
    store_id: z.string(),
    memory_id: z.string(),
    action: z.enum(REVIEW_ACTIONS),
    from_version_id: z.string().nullable(),
    to_version_id: z.string(),
    result_version_id: z.string().nullable(),
    redacted: z.boolean(),
    reviewer: actorSchema,
    batch_id: z.string().nullable(),
    reason: z.string().nullable().meta({ description: "The reviewer's reason, as written with the approve or revert; null when none was given." }),
    created_at: timestamp,
  }),
  "ReviewDecision",
  "Who approved, reverted or edited which versions of a memory, and when.",
);

const sideSchema = z
  .object({ version_id: z.string(), operation: z.string(), path: z.string().nullable(), content: z.string().nullable(), redacted: z.boolean() })
  .nullable();
const reviewSchema = extension(
  z.object({ type: z.literal("review"), item: reviewItemSchema, settled: sideSchema, head: sideSchema }),
  "Review",
  "An item with both ends of its combined change.",
);
const outcomeSchema = extension(
  z.object({ type: z.literal("review_outcome"), decision: reviewDecisionSchema, remaining: reviewItemSchema.nullable(), message: z.string() }),
  "ReviewOutcome",
  "What an action decided, and what still awaits review (a newer change written after the reviewer looked).",
);
const countsSchema = extension(
  z.object({ type: z.literal("review_counts"), total: z.number().int(), stores: z.record(z.string(), z.number().int()) }),
  "ReviewCounts",
  "Items awaiting review, in all and per store.",
);
const bulkItemSchema = z.object({ memory_id: z.string(), head_version_id: z.string(), store_id: z.string(), path: z.string() });
const bulkAnswerSchema = extension(
  z.union([
    z.object({ type: z.literal("review_bulk_preview"), action: z.enum(BULK_ACTIONS), count: z.number().int(), items: z.array(bulkItemSchema) }),
    z.object({
      type: z.literal("review_bulk_report"),
      batch_id: z.string(),
      action: z.enum(BULK_ACTIONS),
      requested: z.number().int(),
      applied: z.number().int(),
      conflicts: z.array(z.object({ memory_id: z.string(), message: z.string() })),
    }),
  ]),
  "ReviewBulkAnswer",
  "A dry run's preview, or the report of a bulk action.",
);
const marksSchema = extension(
  z.object({
    type: z.literal("review_marks"),
    data: z.record(
      z.string(),
      z.object({
        state: z.enum(["awaiting", "approved", "reverted"]),
        reviewer: actorSchema.nullable(),
        at: timestamp.nullable(),
        reason: z.string().nullable(),
      }),
    ),
  }),
  "ReviewMarks",
  "Review state per version id, for history views.",
);
const settingsSchema = extension(
  z.object({ type: z.literal("review_settings"), store_id: z.string(), needs_review: z.enum(REVIEW_POLICIES) }),
  "ReviewSettings",
  "Whose writes to a store await review.",
);

const review = { beta: false, extension: true } as const;
export const REVIEW_OPERATIONS = {
  listReviews: {
    ...OPERATION_ROUTES.listReviews,
    ...review,
    summary: "The review inbox, newest first",
    permission: "read",
    query: reviewListQuery,
    response: pageSchema(reviewItemSchema),
  },
  countReviews: {
    ...OPERATION_ROUTES.countReviews,
    ...review,
    summary: "Items awaiting review, in all and per store",
    permission: "read",
    query: reviewCountsQuery,
    response: countsSchema,
  },
  retrieveReview: {
    ...OPERATION_ROUTES.retrieveReview,
    ...review,
    summary: "One item with its settled and head content",
    permission: "read",
    response: reviewSchema,
  },
  approveReview: {
    ...OPERATION_ROUTES.approveReview,
    ...review,
    summary: "Approve up to the head seen; with content or path, edit and approve",
    permission: "write",
    body: approveBody,
    response: outcomeSchema,
  },
  revertReview: {
    ...OPERATION_ROUTES.revertReview,
    ...review,
    summary: "Write the settled state back, conditional on the head seen (and redact the reverted versions)",
    permission: "write",
    body: revertBody,
    response: outcomeSchema,
  },
  bulkReview: {
    ...OPERATION_ROUTES.bulkReview,
    ...review,
    summary: "Preview (dry_run) or apply an approve or revert over many items",
    permission: "write",
    body: bulkBody,
    response: bulkAnswerSchema,
  },
  listReviewDecisions: {
    ...OPERATION_ROUTES.listReviewDecisions,
    ...review,
    summary: "Who settled what, newest first (by memory, store or bulk batch)",
    permission: "read",
    query: decisionsQuery,
    response: pageSchema(reviewDecisionSchema),
  },
  reviewMarks: {
    ...OPERATION_ROUTES.reviewMarks,
    ...review,
    summary: "Review state of versions",
    permission: "read",
    query: marksQuery,
    response: marksSchema,
  },
  retrieveReviewSettings: {
    ...OPERATION_ROUTES.retrieveReviewSettings,
    ...review,
    summary: "Whose writes to a store await review",
    permission: "read",
    response: settingsSchema,
  },
  updateReviewSettings: {
    ...OPERATION_ROUTES.updateReviewSettings,
    ...review,
    summary: "Choose whose writes to a store await review",
    permission: "admin",
    body: settingsBody,
    response: settingsSchema,
  },
} as const;
