import { raw, type MemoryStore } from "../db.ts";

/**
 * Stores are read and written with hand-written SQL on the driver adapter, like memories and
 * versions (see memories/memory-rows.ts): one column list, one row mapper. Counts may come back
 * as a bigint, timestamps as Dates (through Prisma) or RFC 3339 strings (from the adapter).
 */
const COLUMN_NAMES = [
  "id",
  "name",
  "description",
  "metadata",
  "memory_count",
  "content_bytes",
  "created_at",
  "updated_at",
  "archived_at",
  "review_policy",
  "history_horizon",
  "write_policy",
  "last_memory_write_at",
  "workspace_id",
];

export const STORE_COLUMNS = raw(COLUMN_NAMES.join(", "));

export interface StoreRow {
  id: string;
  name: string;
  description: string;
  metadata: string;
  memory_count: number | bigint;
  content_bytes: number | bigint;
  created_at: Date | string;
  updated_at: Date | string;
  archived_at: Date | string | null;
  review_policy: string;
  history_horizon: Date | string | null;
  write_policy: string | null;
  last_memory_write_at: Date | string | null;
  workspace_id: string;
}

export function storeFromRow(row: StoreRow): MemoryStore {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    metadata: row.metadata,
    memoryCount: Number(row.memory_count),
    contentBytes: Number(row.content_bytes),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    archivedAt: row.archived_at === null ? null : new Date(row.archived_at),
    reviewPolicy: row.review_policy,
    historyHorizon: row.history_horizon === null ? null : new Date(row.history_horizon),
    writePolicy: row.write_policy,
    lastMemoryWriteAt: row.last_memory_write_at === null ? null : new Date(row.last_memory_write_at),
    workspaceId: row.workspace_id,
  };
}
