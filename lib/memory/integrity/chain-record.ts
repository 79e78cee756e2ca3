import { createHash } from "node:crypto";

/**
 * The one statement of what a version's chain hash covers (docs/design.md, "Tamper-evident
 * history"). The record is the JSON array
 *   ["memver/1", chain_seq, id, memory_id, operation, path, content_sha256, content_size_bytes,
 *    created_by_type, created_by_id, created_at as ISO 8601 in UTC with milliseconds]
 * (JSON.stringify: no spaces, strings escaped as JSON does, null for absent values);
 * `record_hash` is the lowercase hex SHA-256 of its UTF-8 bytes, and
 *   chain_hash = sha256(prev_chain_hash bytes || record_hash bytes)
 * over the 32 raw bytes of each, the first version of a store linking to 32 zero bytes. The
 * audit log's events are chained the same way with their own record (lib/memory/audit).
 */
export interface ChainRecord {
  seq: number;
  id: string;
  memoryId: string;
  operation: string;
  path: string | null;
  sha: string | null;
  size: number | null;
  actorType: string | null;
  actorId: string | null;
  at: Date;
}

export const GENESIS = "0".repeat(64);

export const canonicalRecord = (r: ChainRecord): string =>
  JSON.stringify(["memver/1", r.seq, r.id, r.memoryId, r.operation, r.path, r.sha, r.size, r.actorType, r.actorId, r.at.toISOString()]);

export const sha256OfText = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

export const recordHash = (r: ChainRecord): string => sha256OfText(canonicalRecord(r));

/** The link: what the chain hash after `prev` is for a record hash. */
export function linkHash(prev: string, record: string): string {
  return createHash("sha256").update(Buffer.from(prev, "hex")).update(Buffer.from(record, "hex")).digest("hex");
}

/** The chain fields a row is written with. */
export interface ChainFields {
  seq: number;
  recordHash: string;
  prevHash: string;
  chainHash: string;
}

/** Chains records onto a head: each one's seq follows the last. */
export function chainOnto(head: { seq: number; hash: string }, records: readonly Omit<ChainRecord, "seq">[]): ChainFields[] {
  let { seq, hash } = head;
  return records.map((r) => {
    seq += 1;
    const record = recordHash({ ...r, seq });
    const fields = { seq, recordHash: record, prevHash: hash, chainHash: linkHash(hash, record) };
    hash = fields.chainHash;
    return fields;
  });
}
