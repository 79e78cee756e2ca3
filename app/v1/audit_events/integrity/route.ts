// GET /v1/audit_events/integrity – recompute the audit log's chain (extension, admins)
import { auditIntegrityWire } from "@/lib/http/audit-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { verifyAuditChain } from "@/lib/memory/audit/verify-audit-chain.ts";

export const GET = apiRoute(OPERATIONS.verifyAuditLog, async ({ db }) => auditIntegrityWire(await verifyAuditChain(db)));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
