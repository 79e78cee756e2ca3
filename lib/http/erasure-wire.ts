import { z } from "zod";
import { confirmationPhrase, PLAN_TTL_MS, type Erasure, type ErasureItem } from "../memory/erase/erasure-rows.ts";

/** Wire shapes of this project's erase endpoints (/v1/erasures, an extension). */
export const createErasureBody = z.strictObject({
  query: z.string(),
  /** The stores to erase from; omitted or null: every store. */
  memory_store_ids: z.array(z.string()).max(100, "name at most 100 stores (or none, for every store)").nullish(),
  action: z.string(),
  marker: z.string().nullish(),
});

export const executeErasureBody = z.strictObject({
  query: z.string(),
  confirmation: z.string(),
});

export const erasureFormatQuery = z.object({ format: z.enum(["json", "csv"], "must be json or csv").optional() });

const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

export function erasureItemWire(item: ErasureItem) {
  return {
    memory_store_id: item.storeId,
    memory_id: item.memoryId,
    memory_version_id: item.versionId,
    kind: item.kind,
    outcome: item.outcome,
  };
}

/** An erasure: the dry run while `planned`, the report once `completed`; with its items when they are asked for. */
export function erasureWire(erasure: Erasure, items?: ErasureItem[]) {
  return {
    type: "erasure" as const,
    id: erasure.id,
    status: erasure.status,
    action: erasure.action,
    marker: erasure.marker,
    /** The text erased is never stored: only its SHA-256 (lowercase hex of the UTF-8 bytes). */
    query_sha256: erasure.querySha256,
    memory_store_ids: erasure.storeIds,
    created_at: erasure.createdAt.toISOString(),
    created_by: erasure.createdBy,
    expires_at: erasure.status === "planned" ? new Date(erasure.createdAt.getTime() + PLAN_TTL_MS).toISOString() : null,
    confirmation: confirmationPhrase(erasure),
    executed_at: isoOrNull(erasure.executedAt),
    executed_by: erasure.executedBy,
    completed_at: isoOrNull(erasure.completedAt),
    counts: {
      memories_before: erasure.memoriesBefore,
      versions_before: erasure.versionsBefore,
      memories_after: erasure.memoriesAfter,
      versions_after: erasure.versionsAfter,
    },
    ...(items && { items: items.map(erasureItemWire) }),
  };
}

const CSV_COLUMNS = ["erasure_id", "memory_store_id", "memory_id", "memory_version_id", "kind", "outcome"] as const;
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The report as CSV (RFC 4180), one line per version: for spreadsheets and auditors. */
export function erasureCsv(erasure: Erasure, items: ErasureItem[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const item of items) {
    lines.push([erasure.id, item.storeId, item.memoryId, item.versionId, item.kind, item.outcome].map(csvField).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
