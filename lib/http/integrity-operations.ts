import { integrityReportSchema } from "./integrity-wire.ts";

/**
 * Tamper-evident history's endpoints (lib/memory/integrity, lib/memory/audit), an extension the
 * hosted API does not have, added by lib/http/operations.ts to the one table. Admins only: the
 * report names who redacted what, and verification reads every version's content.
 */
const ext = { beta: false, extension: true } as const;

export const INTEGRITY_OPERATIONS = {
  verifyStoreHistory: {
    ...ext,
    method: "GET",
    path: "/v1/integrity/{store}",
    summary: "Recompute a store's history chain and report whether it verifies, or the first version where it breaks",
    permission: "admin",
    response: integrityReportSchema,
  },
} as const;
