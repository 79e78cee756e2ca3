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
  "workspace.created",
  "workspace.updated",
  "workspace.archived",
  "workspace_member.added",
  "workspace_member.updated",
  "workspace_member.removed",
  "api_key.updated",
  "user.removed",
  "invite.created",
  "invite.deleted",
  "invite.accepted",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
