/** Every action the audit log records, named once (`GET /v1/audit_events?action=` filters on these). */
export const AUDIT_ACTIONS = [
  "api_key.created",
  "api_key.revoked",
  "user.created",
  "user.updated",
  "user.role_changed",
  "policy.changed",
  "export.downloaded",
  "erasure.executed",
  "bulk_deletion.executed",
  "restore.executed",
  "revert.executed",
  "review_batch.undone",
  "import.executed",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
