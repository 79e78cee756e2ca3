import type { ChainRecord } from "./chain-record.ts";

/** A version row as the chain reads it back. */
export interface ChainedVersionRow {
  id: string;
  memory_id: string;
  operation: string;
  path: string | null;
  content_sha256: string | null;
  content_size_bytes: number | bigint | null;
  created_by_type: string | null;
  created_by_id: string | null;
  created_at: Date | string;
  chain_seq: number | bigint | null;
}

export const chainRecordOf = (row: ChainedVersionRow): ChainRecord => ({
  seq: Number(row.chain_seq),
  id: row.id,
  memoryId: row.memory_id,
  operation: row.operation,
  path: row.path,
  sha: row.content_sha256,
  size: row.content_size_bytes === null ? null : Number(row.content_size_bytes),
  actorType: row.created_by_type,
  actorId: row.created_by_id,
  at: new Date(row.created_at),
});
