import { z } from "zod";
import { MAX_ERASE_VALUES } from "../memory/erase/erase-values.ts";
import { erasureMemories } from "../memory/erase/erasure-memories.ts";
import { confirmationPhrase, type Erasure, type ErasureItem } from "../memory/erase/erasure-rows.ts";
import type { PatternMatches } from "../memory/erase/find-matches.ts";
import { exposedSessionWire, type ExposedSession } from "../memory/reads/exposed-sessions.ts";
import { lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";

/** Wire shapes of this project's erase endpoints (/v1/erasures, /v1/erasure_matches: extensions). */
const storeIds = z.array(z.string()).max(100, "name at most 100 stores (or none, for every store)").nullish();
const values = z.array(z.string()).min(1).max(MAX_ERASE_VALUES, `at most ${MAX_ERASE_VALUES} values in one erase`);

export const createErasureBody = z.strictObject({
  /** One text to erase (the form erases have always taken); or */
  query: z.string().optional(),
  /** several, picked from a pattern's matches (POST /v1/erasure_matches), erased in one run. */
  values: values.optional(),
  /** How the values were found (kept in the report). */
  pattern_type: z.string().optional(),
  /** The stores to erase from; omitted or null: every store. */
  memory_store_ids: storeIds,
  action: z.string(),
  marker: z.string().nullish(),
});

export const executeErasureBody = z.strictObject({
  query: z.string().optional(),
  values: values.optional(),
  confirmation: z.string(),
});

export const findErasureMatchesBody = z.strictObject({
  pattern: z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("email") }),
    z.strictObject({ type: z.literal("phone") }),
    z.strictObject({ type: z.literal("literal"), values: z.array(z.string()).min(1).max(100) }),
    z.strictObject({ type: z.literal("regex"), regex: z.string().min(1).max(1000) }),
  ]),
  memory_store_ids: storeIds,
  limit: z.number().int().min(1).max(1000).optional(),
});

export function erasureItemWire(item: ErasureItem) {
  return {
    memory_store_id: item.storeId,
    memory_id: item.memoryId,
    memory_version_id: item.versionId,
    kind: item.kind,
    outcome: item.outcome,
    path: item.path ?? null,
    planned_action: item.plannedAction ?? null,
    awaiting_review: item.awaitingReview ?? false,
  };
}

/** An erasure: the dry run while `planned`, the report once `completed`; with its items (and per memory) when they are asked for. */
export function erasureWire(erasure: Erasure, items?: ErasureItem[], exposed?: ExposedSession[]) {
  return {
    type: "erasure" as const,
    id: erasure.id,
    status: erasure.status,
    action: erasure.action,
    marker: erasure.marker,
    /** The text erased is never stored: only its SHA-256 (lowercase hex of the UTF-8 bytes). */
    query_sha256: erasure.querySha256,
    memory_store_ids: erasure.storeIds,
    value_count: erasure.valueSha256s?.length ?? 1,
    value_sha256s: erasure.valueSha256s,
    pattern_type: erasure.patternType,
    ...lifecycleWire(erasure, confirmationPhrase(erasure)),
    counts: {
      memories_before: erasure.memoriesBefore,
      versions_before: erasure.versionsBefore,
      memories_after: erasure.memoriesAfter,
      versions_after: erasure.versionsAfter,
    },
    ...(items && {
      items: items.map(erasureItemWire),
      memories: erasureMemories(erasure, items).map((m) => ({
        memory_store_id: m.storeId,
        memory_id: m.memoryId,
        path: m.path,
        action: m.action,
        older_versions: m.olderVersions,
        outcome: m.outcome,
        redacted_versions: m.redactedVersions,
        awaiting_review: m.awaitingReview,
      })),
    }),
    ...(exposed && { exposed_sessions: exposed.map(exposedSessionWire) }),
  };
}

/**
 * The report as CSV (lib/http/csv.ts), one line per version: for spreadsheets and auditors. The
 * memory's path (as it reads now, like the JSON's) is the last column, added after the others so
 * that each earlier column keeps its place for whoever reads them by position.
 */
export function erasureCsv(erasure: Erasure, items: ErasureItem[]): string {
  const columns: CsvColumn<ErasureItem>[] = [
    ["erasure_id", () => erasure.id],
    ["memory_store_id", (i) => i.storeId],
    ["memory_id", (i) => i.memoryId],
    ["memory_version_id", (i) => i.versionId],
    ["kind", (i) => i.kind],
    ["outcome", (i) => i.outcome],
    ["path", (i) => i.path ?? ""],
    ["awaiting_review", (i) => (i.awaitingReview ? "true" : "false")],
  ];
  return toCsv(columns, items);
}

/** The distinct values a pattern found (POST /v1/erasure_matches). */
export function erasureMatchesWire(found: PatternMatches) {
  return {
    type: "erasure_matches" as const,
    pattern_type: found.patternType,
    memory_store_ids: found.storeIds,
    matches: found.matches.map((m) => ({
      value: m.value,
      count: m.count,
      versions: m.versions,
      memories: m.memories,
      current_memories: m.currentMemories,
      memory_store_ids: m.storeIds,
    })),
    truncated: found.truncated,
    complete: found.complete,
    scanned_versions: found.scannedVersions,
    skipped: found.skipped,
  };
}
