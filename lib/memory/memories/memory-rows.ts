import { raw, type MemoryRecord } from "../db.ts";

/**
 * Memories are read and written with hand-written SQL: a Prisma model query costs several
 * times a raw one in the client runtime, and these are the API's hottest statements (see
 * lib/db/sql.ts). Plain column references come back the same on both engines: INTEGER as a
 * number, timestamps as Dates (through Prisma) or RFC 3339 strings (straight from a driver
 * adapter), so a row maps to the generated model type field by field.
 */
const COLUMN_NAMES = ["id", "store_id", "path", "content_sha256", "content_size_bytes", "memory_version_id", "created_at", "updated_at", "last_read_at"];

/** The one column list of a memory row, with or without its content, optionally of a table alias (`"leaf."`). */
export const memoryColumns = (withContent: boolean, alias = "") =>
  raw((withContent ? [...COLUMN_NAMES, "content"] : COLUMN_NAMES).map((c) => `${alias}${c}`).join(", "));
export const MEMORY_COLUMNS = memoryColumns(true);

export interface MemoryRow {
  id: string;
  store_id: string;
  path: string;
  content?: string;
  content_sha256: string;
  content_size_bytes: number;
  memory_version_id: string;
  /** A Date through Prisma, an RFC 3339 string straight from a driver adapter. */
  created_at: Date | string;
  updated_at: Date | string;
  last_read_at: Date | string | null;
}

export function memoryFromRow(row: MemoryRow & { content: string }): MemoryRecord;
export function memoryFromRow(row: MemoryRow): Omit<MemoryRecord, "content">;
export function memoryFromRow(row: MemoryRow): MemoryRecord | Omit<MemoryRecord, "content"> {
  const memory = {
    id: row.id,
    storeId: row.store_id,
    path: row.path,
    contentSha256: row.content_sha256,
    contentSizeBytes: Number(row.content_size_bytes),
    memoryVersionId: row.memory_version_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    lastReadAt: row.last_read_at === null ? null : new Date(row.last_read_at),
  };
  return row.content === undefined ? memory : { ...memory, content: row.content };
}
