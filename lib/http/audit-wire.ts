import { z } from "zod";
import { actorFromColumns } from "../memory/actor.ts";
import { AUDIT_ACTIONS } from "../memory/audit/audit-actions.ts";
import type { AuditEvent } from "../memory/audit/list-audit-events.ts";
import type { AuditIntegrityReport } from "../memory/audit/verify-audit-chain.ts";
import { toCsv, type CsvColumn } from "./csv.ts";
import { limit } from "./schemas.ts";
import { extension } from "./time-travel-wire.ts";
import { actorSchema } from "./wire-schemas.ts";

/** The audit log on the wire (lib/memory/audit), an extension. */
const time = z.iso.datetime();

export const listAuditEventsQuery = z.object({
  limit: limit.optional(),
  page: z.string().optional(),
  action: z.enum(AUDIT_ACTIONS, `must be one of ${AUDIT_ACTIONS.join(", ")}`).optional(),
  actor_id: z.string().max(256).optional(),
  format: z
    .enum(["csv", "jsonl"], "must be csv or jsonl")
    .optional()
    .meta({ description: "Download every matching event (newest first) as a file instead of a page." }),
});

export const auditEventSchema = extension(
  z.object({
    type: z.literal("audit_event"),
    id: z.string(),
    seq: z.number().int().nullable().meta({ description: "Place in the instance's audit chain." }),
    action: z.string(),
    actor: actorSchema.nullable().meta({ description: "Who did it; null: an operator's command on the server." }),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    memory_store_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: time,
    chain_hash: z.string().nullable(),
  }),
  "AuditEvent",
  "One administrative action: keys, roles, policies, exports, erasures, bulk deletions, restores, reverts, imports.",
);

export const auditIntegritySchema = extension(
  z.object({
    type: z.literal("audit_integrity_report"),
    status: z.enum(["verified", "broken"]),
    events_checked: z.number().int(),
    first_broken_event_id: z.string().nullable(),
    problem: z.string().nullable(),
    head: z.object({ seq: z.number().int(), chain_hash: z.string() }),
    verified_at: time,
  }),
  "AuditIntegrityReport",
  "The audit log's chain recomputed: verified, or the first event where it breaks.",
);

export function auditEventWire(e: AuditEvent): z.infer<typeof auditEventSchema> {
  return {
    type: "audit_event",
    id: e.id,
    seq: e.seq,
    action: e.action,
    actor: actorFromColumns(e.actorType, e.actorId),
    target: e.targetType && e.targetId ? { type: e.targetType, id: e.targetId } : null,
    memory_store_id: e.storeId,
    details: e.details,
    created_at: e.createdAt.toISOString(),
    chain_hash: e.chainHash,
  };
}

export const auditIntegrityWire = (r: AuditIntegrityReport): z.infer<typeof auditIntegritySchema> => ({
  type: "audit_integrity_report",
  status: r.status,
  events_checked: r.eventsChecked,
  first_broken_event_id: r.break?.versionId || null,
  problem: r.break?.problem ?? null,
  head: { seq: r.head.seq, chain_hash: r.head.hash },
  verified_at: r.verifiedAt.toISOString(),
});

export const AUDIT_CSV: readonly CsvColumn<AuditEvent>[] = [
  ["id", (e) => e.id],
  ["seq", (e) => e.seq],
  ["created_at", (e) => e.createdAt.toISOString()],
  ["action", (e) => e.action],
  ["actor_type", (e) => e.actorType],
  ["actor_id", (e) => e.actorId],
  ["target_type", (e) => e.targetType],
  ["target_id", (e) => e.targetId],
  ["memory_store_id", (e) => e.storeId],
  ["details", (e) => JSON.stringify(e.details)],
  ["chain_hash", (e) => e.chainHash],
];

/** A page of events as CSV lines, the header only with the first. */
export const auditCsvLines = (events: readonly AuditEvent[], header: boolean): string => {
  const text = toCsv(AUDIT_CSV, events);
  return header ? text : text.slice(text.indexOf("\r\n") + 2);
};
