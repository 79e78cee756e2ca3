import { OPERATION_ROUTES } from "./operation-routes.ts";
import { auditEventSchema, auditIntegritySchema, listAuditEventsQuery } from "./audit-wire.ts";
import { integrityReportSchema } from "./integrity-wire.ts";
import { pageSchema } from "./wire-schemas.ts";

/**
 * Tamper-evident history's endpoints (lib/memory/integrity, lib/memory/audit), an extension the
 * hosted API does not have, added by lib/http/operations.ts to the one table. Admins only: the
 * reports name who did what, and verification reads every version's content.
 */
const ext = { beta: false, extension: true } as const;

export const INTEGRITY_OPERATIONS = {
  verifyStoreHistory: {
    ...OPERATION_ROUTES.verifyStoreHistory,
    ...ext,
    summary: "Recompute a store's history chain and report whether it verifies, or the first version where it breaks",
    permission: "admin",
    response: integrityReportSchema,
  },
  listAuditEvents: {
    ...OPERATION_ROUTES.listAuditEvents,
    ...ext,
    summary: "The audit log of administrative actions, newest first (filter by action or actor_id; format=csv|jsonl downloads every match)",
    permission: "admin",
    query: listAuditEventsQuery,
    response: pageSchema(auditEventSchema),
  },
  verifyAuditLog: {
    ...OPERATION_ROUTES.verifyAuditLog,
    ...ext,
    summary: "Recompute the audit log's chain and report whether it verifies, or the first event where it breaks",
    permission: "admin",
    response: auditIntegritySchema,
  },
} as const;
