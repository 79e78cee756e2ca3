import { raw, type MemoryVersion as VersionModel } from "../db.ts";

/**
 * A version as the domain reads it; `created_by_claimed` is only ever read by the actor filters,
 * and the predecessor columns by time travel's reads (time-travel/states-at.ts), in SQL.
 */
export type MemoryVersion = Omit<VersionModel, "createdByClaimed" | "previousId" | "previousCreatedAt" | "previousPath">;

/** Versions are read with hand-written SQL, like memories (see memories/memory-rows.ts). */
const COLUMN_NAMES = [
  "id",
  "store_id",
  "memory_id",
  "operation",
  "path",
  "content_sha256",
  "content_size_bytes",
  "created_by_type",
  "created_by_id",
  "api_key_id",
  "created_at",
  "redacted_at",
  "redacted_by_type",
  "redacted_by_id",
  "imported_from",
  "imported",
];

export const versionColumns = (withContent: boolean) => raw((withContent ? [...COLUMN_NAMES, "content"] : COLUMN_NAMES).join(", "));

export interface VersionRow {
  id: string;
  store_id: string;
  memory_id: string;
  operation: string;
  path: string | null;
  content?: string | null;
  content_sha256: string | null;
  content_size_bytes: number | null;
  created_by_type: string | null;
  created_by_id: string | null;
  api_key_id: string | null;
  created_at: Date | string;
  redacted_at: Date | string | null;
  redacted_by_type: string | null;
  redacted_by_id: string | null;
  imported_from: string | null;
  /** JSON: the API's `imported` object (memories/import-mark.ts). */
  imported: string | null;
}

export function versionFromRow(row: VersionRow & { content: string | null }): MemoryVersion;
export function versionFromRow(row: VersionRow): Omit<MemoryVersion, "content">;
export function versionFromRow(row: VersionRow): MemoryVersion | Omit<MemoryVersion, "content"> {
  const version = {
    id: row.id,
    storeId: row.store_id,
    memoryId: row.memory_id,
    operation: row.operation,
    path: row.path,
    contentSha256: row.content_sha256,
    contentSizeBytes: row.content_size_bytes === null ? null : Number(row.content_size_bytes),
    createdByType: row.created_by_type,
    createdById: row.created_by_id,
    apiKeyId: row.api_key_id,
    createdAt: new Date(row.created_at),
    redactedAt: row.redacted_at === null ? null : new Date(row.redacted_at),
    redactedByType: row.redacted_by_type,
    redactedById: row.redacted_by_id,
    importedFrom: row.imported_from,
    imported: row.imported,
  };
  return row.content === undefined ? version : { ...version, content: row.content };
}
