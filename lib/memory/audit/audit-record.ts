import { sha256OfText } from "../integrity/chain-record.ts";

/**
 * What an audit event's chain hash covers: the JSON array
 *   ["audit/1", seq, id, action, actor_type, actor_id, target_type, target_id, store_id, details, created_at]
 * (`details` the stored JSON text itself, created_at ISO 8601 UTC with milliseconds), hashed and
 * linked exactly as a version's record is (lib/memory/integrity/chain-record.ts).
 */
export interface AuditRecord {
  seq: number;
  id: string;
  action: string;
  actorType: string | null;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  storeId: string | null;
  details: string;
  at: Date;
}

export const auditRecordHash = (r: AuditRecord): string =>
  sha256OfText(JSON.stringify(["audit/1", r.seq, r.id, r.action, r.actorType, r.actorId, r.targetType, r.targetId, r.storeId, r.details, r.at.toISOString()]));

/** An audit row as stored. */
export interface AuditRow {
  id: string;
  seq: number | bigint | null;
  action: string;
  actor_type: string | null;
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  store_id: string | null;
  details: string;
  created_at: Date | string;
  record_hash: string | null;
  prev_chain_hash: string | null;
  chain_hash: string | null;
}

export const AUDIT_COLUMNS =
  "id, seq, action, actor_type, actor_id, target_type, target_id, store_id, details, created_at, record_hash, prev_chain_hash, chain_hash";

export const auditRecordOf = (row: AuditRow): AuditRecord => ({
  seq: Number(row.seq),
  id: row.id,
  action: row.action,
  actorType: row.actor_type,
  actorId: row.actor_id,
  targetType: row.target_type,
  targetId: row.target_id,
  storeId: row.store_id,
  details: row.details,
  at: new Date(row.created_at),
});
