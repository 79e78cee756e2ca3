import { actorId, type Actor } from "../actor.ts";
import { sql, type SqlClient } from "../db.ts";
import { newId } from "../ids.ts";
import { linkHash } from "../integrity/chain-record.ts";
import type { AuditAction } from "./audit-actions.ts";
import { auditRecordHash } from "./audit-record.ts";

export interface AuditEventInput {
  action: AuditAction;
  /** Who did it (null: the server itself, e.g. a command run by an operator). */
  actor: Actor | null;
  target?: { type: string; id: string };
  storeId?: string | null;
  /** A small JSON object: counts, names, roles; never content. */
  details?: Record<string, unknown>;
  /**
   * The workspace the event belongs to (who may read it in the audit log); by default the
   * store's; null: an organisation-level event (people, workspaces, organisation keys).
   */
  workspaceId?: string | null;
}

/**
 * Appends an event to the audit log in the caller's transaction, so the action and its record
 * commit or roll back together. It takes the chain head's row first (its lock serialises
 * appends across instances on PostgreSQL), links the event onto it and moves the head.
 */
export async function recordAuditEvent(tx: SqlClient, input: AuditEventInput): Promise<string> {
  const [head] = await tx.$queryRaw<{ seq: number | bigint; hash: string }[]>`
    UPDATE audit_chain_head SET seq = seq WHERE id = 1 RETURNING seq, hash`;
  if (!head) throw new Error("audit_chain_head has no row: migration 0017 did not run.");
  const record = {
    seq: Number(head.seq) + 1,
    id: newId("auditevt"),
    action: input.action,
    actorType: input.actor?.type ?? null,
    actorId: input.actor ? actorId(input.actor) : null,
    targetType: input.target?.type ?? null,
    targetId: input.target?.id ?? null,
    storeId: input.storeId ?? null,
    details: JSON.stringify(input.details ?? {}),
    at: new Date(),
  };
  const recordHash = auditRecordHash(record);
  const chainHash = linkHash(head.hash, recordHash);
  // Not part of the chained record: it says who may read the event, not what happened.
  const workspaceId =
    input.workspaceId !== undefined || record.storeId === null
      ? sql`${input.workspaceId ?? null}`
      : sql`(SELECT workspace_id FROM memory_stores WHERE id = ${record.storeId})`;
  await tx.$executeRaw`
    INSERT INTO audit_events (id, seq, action, actor_type, actor_id, target_type, target_id, store_id, details, created_at, record_hash, prev_chain_hash, chain_hash, workspace_id)
    VALUES (${record.id}, ${record.seq}, ${record.action}, ${record.actorType}, ${record.actorId}, ${record.targetType}, ${record.targetId}, ${record.storeId},
      ${record.details}, ${record.at}, ${recordHash}, ${head.hash}, ${chainHash}, ${workspaceId})`;
  await tx.$executeRaw`UPDATE audit_chain_head SET seq = ${record.seq}, hash = ${chainHash} WHERE id = 1`;
  return record.id;
}
