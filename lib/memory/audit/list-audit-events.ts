import { join, raw, sql, type Db } from "../db.ts";
import { AUDIT_COLUMNS, type AuditRow } from "./audit-record.ts";

export interface AuditEvent {
  id: string;
  seq: number | null;
  action: string;
  actorType: string | null;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  storeId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  chainHash: string | null;
}

export const auditEventOf = (row: AuditRow): AuditEvent => ({
  id: row.id,
  seq: row.seq === null ? null : Number(row.seq),
  action: row.action,
  actorType: row.actor_type,
  actorId: row.actor_id,
  targetType: row.target_type,
  targetId: row.target_id,
  storeId: row.store_id,
  details: safeJson(row.details),
  createdAt: new Date(row.created_at),
  chainHash: row.chain_hash,
});

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  /**
   * Whose events: one workspace's (its stores', its keys', its reports'), or null for every event,
   * organisation-level ones included (organisation admins; docs/design.md, "Workspaces").
   */
  workspaceId: string | null;
}

/** Newest first, `limit` at a time after the id `before` (a page's cursor). */
export async function listAuditEvents(db: Db, input: AuditFilter & { limit: number; before?: string }): Promise<{ items: AuditEvent[]; next: string | null }> {
  const conditions = [sql`1 = 1`];
  if (input.workspaceId !== null) conditions.push(sql`workspace_id = ${input.workspaceId}`);
  if (input.action) conditions.push(sql`action = ${input.action}`);
  if (input.actorId) conditions.push(sql`actor_id = ${input.actorId}`);
  if (input.before) conditions.push(sql`id < ${input.before}`);
  const rows = await db.sql.$queryRaw<AuditRow[]>`
    SELECT ${raw(AUDIT_COLUMNS)} FROM audit_events WHERE ${join(conditions, " AND ")} ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const items = rows.slice(0, input.limit).map(auditEventOf);
  return { items, next: rows.length > input.limit ? items[items.length - 1]!.id : null };
}
