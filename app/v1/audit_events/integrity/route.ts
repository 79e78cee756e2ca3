// GET /v1/audit_events/integrity – recompute the audit log's chain (extension, organisation admins)
import { auditIntegrityWire } from "@/lib/http/audit-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { verifyAuditChain } from "@/lib/memory/audit/verify-audit-chain.ts";
import { permissionDenied } from "@/lib/memory/errors.ts";

// The chain is one for the whole instance (every workspace's events are links of it), so only an
// organisation admin, who may read every event, may have it recomputed (docs/design.md, "Workspaces").
export const GET = apiRoute(OPERATIONS.verifyAuditLog, async ({ db, principal }) => {
  if (!principal.orgAdmin) throw permissionDenied("The audit log's chain covers every workspace: only organisation admins may verify it.");
  return auditIntegrityWire(await verifyAuditChain(db));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
