import { OPERATION_ROUTES } from "./operation-routes.ts";
import { z } from "zod";
import { createBulkDeletionBody, executeBulkDeletionBody } from "./bulk-deletion-wire.ts";
import { bulkStatusSchema, lifecycleShape, reportFormatQuery } from "./bulk-wire.ts";
import { createErasureBody, executeErasureBody, findErasureMatchesBody } from "./erasure-wire.ts";
import { exposedField } from "./put-back-wire.ts";
import { listStoresQuery } from "./schemas.ts";
import { pageSchema } from "./wire-schemas.ts";

/**
 * The bulk operations' endpoints (erasures and bulk deletions; lib/memory/bulk), an extension
 * the hosted API does not have: their response shapes and operations, which
 * lib/http/operations.ts adds to the one table the routes and the OpenAPI document use. Each is
 * a dry run (POST), its execution (POST …/execute) and its report (GET, JSON or CSV), listed.
 */
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

const erasureSchema = extension(
  z.object({
    type: z.literal("erasure"),
    id: z.string(),
    status: bulkStatusSchema,
    action: z.string(),
    marker: z.string().nullable(),
    query_sha256: z.string().meta({ description: "The text erased is never stored: only its SHA-256." }),
    memory_store_ids: z.array(z.string()).nullable(),
    value_count: z.number().int().meta({ description: "How many values this erase erases: 1 for one text (query), more for a pattern erase (values)." }),
    value_sha256s: z
      .array(z.string())
      .nullable()
      .meta({ description: "A pattern erase: each value's SHA-256, sorted (query_sha256 is the SHA-256 of their JSON array); null for one text." }),
    pattern_type: z
      .enum(["email", "phone", "literal", "regex"])
      .nullable()
      .meta({ description: "How the values were found (never the pattern itself); null when not said." }),
    ...lifecycleShape,
    counts: z.object({
      memories_before: z.number().int(),
      versions_before: z.number().int(),
      memories_after: z.number().int().nullable(),
      versions_after: z.number().int().nullable(),
    }),
    items: z
      .array(
        z.object({
          memory_store_id: z.string(),
          memory_id: z.string(),
          memory_version_id: z.string(),
          kind: z.string(),
          outcome: z.string(),
          path: z.string().nullable().meta({ description: "The memory's path as it reads now (its last one if deleted); null when none is left." }),
          planned_action: z.enum(["rewrite", "delete"]).nullable().meta({ description: "Head items: what the dry run planned for the memory." }),
          awaiting_review: z.boolean().meta({
            description: "Written items: the memory still awaits review after the erase, because the rest of its content was never settled.",
          }),
        }),
      )
      .optional(),
    memories: z
      .array(
        z.object({
          memory_store_id: z.string(),
          memory_id: z.string(),
          path: z.string().nullable(),
          action: z.enum(["rewrite", "delete", "redact_versions", "late"]),
          older_versions: z.number().int().meta({ description: "Older versions holding the text that are redacted." }),
          outcome: z.enum(["rewritten", "deleted", "redacted", "changed", "gone", "left"]).nullable(),
          redacted_versions: z.number().int().nullable(),
          awaiting_review: z.boolean().meta({ description: "Rewritten, and still awaiting review: the rest of its content was never settled." }),
        }),
      )
      .optional()
      .meta({ description: "The items memory by memory, grouped by store: what the erase does (dry run) and did (report) to each." }),
    ...exposedField,
  }),
  "Erasure",
  "An erase: its dry run while planned, its report once completed.",
);

const erasureMatchesSchema = extension(
  z.object({
    type: z.literal("erasure_matches"),
    pattern_type: z.enum(["email", "phone", "literal", "regex"]),
    memory_store_ids: z.array(z.string()).nullable(),
    matches: z.array(
      z.object({
        value: z.string(),
        count: z.number().int().meta({ description: "Occurrences in every retained version looked at (path and content)." }),
        versions: z.number().int(),
        memories: z.number().int(),
        current_memories: z.number().int(),
        memory_store_ids: z.array(z.string()),
      }),
    ),
    truncated: z.boolean().meta({ description: "More distinct values were found than listed (limit)." }),
    complete: z.boolean().meta({ description: "Every retained version was looked at; false when the scan ran out of time." }),
    scanned_versions: z.number().int(),
    skipped: z.number().int().meta({ description: "Occurrences that cannot be erased as exact text (under 3 or over 128 characters)." }),
  }),
  "ErasureMatches",
  "The distinct values a pattern finds, to pick from for an erase (nothing is recorded).",
);

const bulkDeletionSchema = extension(
  z.object({
    type: z.literal("bulk_deletion"),
    id: z.string(),
    status: bulkStatusSchema,
    target: z.enum(["memories", "stores"]),
    filter: z.object({
      memory_store_id: z.string().nullable(),
      path_prefix: z.string().nullable(),
      name: z.string().nullable(),
      metadata: z.record(z.string(), z.string()).nullable(),
    }),
    digest: z.string().meta({ description: "SHA-256 of every target the dry run saw and its state: the execution must send it back." }),
    ...lifecycleShape,
    counts: z.object({
      before: z.number().int(),
      memories_before: z.number().int(),
      after: z.number().int().nullable(),
      memories_after: z.number().int().nullable(),
    }),
    items: z
      .array(
        z.object({
          id: z.string(),
          memory_store_id: z.string(),
          label: z.string(),
          memory_count: z.number().int(),
          kind: z.enum(["planned", "late"]),
          outcome: z.enum(["planned", "deleted", "changed", "gone", "left"]),
        }),
      )
      .optional(),
  }),
  "BulkDeletion",
  "A bulk delete by filter: its dry run while planned, its report once completed.",
);

const bulk = { beta: false, extension: true } as const;
export const BULK_OPERATIONS = {
  listBulkDeletions: {
    ...OPERATION_ROUTES.listBulkDeletions,
    ...bulk,
    summary: "Bulk delete reports and dry runs, newest first (store-limited keys: memory deletions in their stores)",
    permission: "write",
    query: listStoresQuery.pick({ limit: true, page: true }),
    response: pageSchema(bulkDeletionSchema),
  },
  planBulkDeletion: {
    ...OPERATION_ROUTES.planBulkDeletion,
    ...bulk,
    summary: "Dry run of a bulk delete: every memory under a path prefix, or every store matching name and metadata (stores: admins)",
    permission: "write",
    body: createBulkDeletionBody,
    response: bulkDeletionSchema,
  },
  retrieveBulkDeletion: {
    ...OPERATION_ROUTES.retrieveBulkDeletion,
    ...bulk,
    summary: "One bulk delete report with every memory or store it saw (format=json or csv downloads it)",
    permission: "write",
    query: reportFormatQuery,
    response: bulkDeletionSchema,
  },
  executeBulkDeletion: {
    ...OPERATION_ROUTES.executeBulkDeletion,
    ...bulk,
    summary: "Carry out a bulk delete dry run, conditional on what it saw",
    permission: "write",
    body: executeBulkDeletionBody,
    response: bulkDeletionSchema,
  },
  listErasures: {
    ...OPERATION_ROUTES.listErasures,
    ...bulk,
    summary: "Erase reports and dry runs, newest first",
    permission: "admin",
    query: listStoresQuery.pick({ limit: true, page: true }),
    response: pageSchema(erasureSchema),
  },
  planErasure: {
    ...OPERATION_ROUTES.planErasure,
    ...bulk,
    summary: "Dry run of an erase (one text, or several values picked from a pattern's matches): what it would touch, per memory",
    permission: "admin",
    body: createErasureBody,
    response: erasureSchema,
  },
  findErasureMatches: {
    ...OPERATION_ROUTES.findErasureMatches,
    ...bulk,
    summary: "Dry run of a pattern erase: every distinct e-mail address, phone number, literal or RE2 regex match, with counts (changes and records nothing)",
    permission: "admin",
    body: findErasureMatchesBody,
    response: erasureMatchesSchema,
  },
  retrieveErasure: {
    ...OPERATION_ROUTES.retrieveErasure,
    ...bulk,
    summary: "One erase report with every version it saw or wrote (format=csv downloads it as CSV)",
    permission: "admin",
    query: reportFormatQuery,
    response: erasureSchema,
  },
  executeErasure: {
    ...OPERATION_ROUTES.executeErasure,
    ...bulk,
    summary: "Carry out a dry run, conditional on what it saw",
    permission: "admin",
    body: executeErasureBody,
    response: erasureSchema,
  },
} as const;
