/**
 * Where each /v1 operation lives on the wire: its method, its route template (`{name}` for each
 * dynamic segment), how it pages and which query parameters repeat. This is the half of an
 * operation's declaration that a caller needs to address it; the operation table
 * (operations.ts) spreads each entry into the operation and adds the rest (permission, beta
 * rule, schemas). This file imports nothing, so the console's typed client (lib/api-client) can
 * load it in the browser without zod or any server code.
 */
export interface OperationRoute {
  method: "GET" | "POST" | "DELETE";
  path: string;
  /**
   * `cursor`: the list takes `page` (the `next_page` of the previous answer) and answers
   * `{ data, next_page }`; the client's `pages()` follows it (React Query's infinite queries).
   */
  pagination?: "cursor";
  /** Query parameters given once per value (`version_id=a&version_id=b`); the route reads them with getAll. */
  repeated?: readonly string[];
}

export const OPERATION_ROUTES = {
  createStore: { method: "POST", path: "/v1/memory_stores" },
  listStores: { method: "GET", path: "/v1/memory_stores", pagination: "cursor" },
  retrieveStore: { method: "GET", path: "/v1/memory_stores/{store}" },
  updateStore: { method: "POST", path: "/v1/memory_stores/{store}" },
  deleteStore: { method: "DELETE", path: "/v1/memory_stores/{store}" },
  archiveStore: { method: "POST", path: "/v1/memory_stores/{store}/archive" },
  createMemory: { method: "POST", path: "/v1/memory_stores/{store}/memories" },
  listMemories: { method: "GET", path: "/v1/memory_stores/{store}/memories", pagination: "cursor" },
  retrieveMemory: { method: "GET", path: "/v1/memory_stores/{store}/memories/{memory}" },
  updateMemory: { method: "POST", path: "/v1/memory_stores/{store}/memories/{memory}" },
  deleteMemory: { method: "DELETE", path: "/v1/memory_stores/{store}/memories/{memory}" },
  listVersions: { method: "GET", path: "/v1/memory_stores/{store}/memory_versions", pagination: "cursor" },
  retrieveVersion: { method: "GET", path: "/v1/memory_stores/{store}/memory_versions/{version}" },
  redactVersion: { method: "POST", path: "/v1/memory_stores/{store}/memory_versions/{version}/redact" },
  runMemoryTool: { method: "POST", path: "/v1/memory_stores/{store}/memory_tool" },
  me: { method: "GET", path: "/v1/me" },
  listActors: { method: "GET", path: "/v1/actors" },
  listUsers: { method: "GET", path: "/v1/users" },
  createUser: { method: "POST", path: "/v1/users" },
  updateUser: { method: "POST", path: "/v1/users/{user}" },
  listApiKeys: { method: "GET", path: "/v1/api_keys" },
  createApiKey: { method: "POST", path: "/v1/api_keys" },
  revokeApiKey: { method: "POST", path: "/v1/api_keys/{key}/revoke" },
  listReviews: { method: "GET", path: "/v1/reviews", pagination: "cursor" },
  countReviews: { method: "GET", path: "/v1/reviews/counts" },
  retrieveReview: { method: "GET", path: "/v1/reviews/{memory}" },
  approveReview: { method: "POST", path: "/v1/reviews/{memory}/approve" },
  revertReview: { method: "POST", path: "/v1/reviews/{memory}/revert" },
  bulkReview: { method: "POST", path: "/v1/reviews/bulk" },
  listReviewBatches: { method: "GET", path: "/v1/review_batches", pagination: "cursor" },
  listBatchUndos: { method: "GET", path: "/v1/review_batch_undos", pagination: "cursor" },
  planBatchUndo: { method: "POST", path: "/v1/review_batch_undos" },
  retrieveBatchUndo: { method: "GET", path: "/v1/review_batch_undos/{undo}" },
  executeBatchUndo: { method: "POST", path: "/v1/review_batch_undos/{undo}/execute" },
  listReviewDecisions: { method: "GET", path: "/v1/review_decisions", pagination: "cursor" },
  reviewMarks: { method: "GET", path: "/v1/review_marks", repeated: ["version_id"] },
  retrieveReviewSettings: { method: "GET", path: "/v1/review_settings/{store}" },
  updateReviewSettings: { method: "POST", path: "/v1/review_settings/{store}" },
  search: { method: "GET", path: "/v1/search", pagination: "cursor", repeated: ["memory_store_id"] },
  findStores: { method: "GET", path: "/v1/store_search", pagination: "cursor", repeated: ["metadata"] },
  moveStore: { method: "POST", path: "/v1/store_moves" },
  listBulkDeletions: { method: "GET", path: "/v1/bulk_deletions", pagination: "cursor" },
  planBulkDeletion: { method: "POST", path: "/v1/bulk_deletions" },
  retrieveBulkDeletion: { method: "GET", path: "/v1/bulk_deletions/{bulk_deletion}" },
  executeBulkDeletion: { method: "POST", path: "/v1/bulk_deletions/{bulk_deletion}/execute" },
  listErasures: { method: "GET", path: "/v1/erasures", pagination: "cursor" },
  planErasure: { method: "POST", path: "/v1/erasures" },
  findErasureMatches: { method: "POST", path: "/v1/erasure_matches" },
  retrieveErasure: { method: "GET", path: "/v1/erasures/{erasure}" },
  executeErasure: { method: "POST", path: "/v1/erasures/{erasure}/execute" },
  exportStore: { method: "GET", path: "/v1/exports/{store}" },
  importUpload: { method: "POST", path: "/v1/imports" },
  listImports: { method: "GET", path: "/v1/imports", pagination: "cursor" },
  retrieveImport: { method: "GET", path: "/v1/imports/{import}" },
  listWebhookEndpoints: { method: "GET", path: "/v1/webhook_endpoints" },
  createWebhookEndpoint: { method: "POST", path: "/v1/webhook_endpoints" },
  retrieveWebhookEndpoint: { method: "GET", path: "/v1/webhook_endpoints/{endpoint}" },
  updateWebhookEndpoint: { method: "POST", path: "/v1/webhook_endpoints/{endpoint}" },
  deleteWebhookEndpoint: { method: "DELETE", path: "/v1/webhook_endpoints/{endpoint}" },
  rotateWebhookSecret: { method: "POST", path: "/v1/webhook_endpoints/{endpoint}/rotate_secret" },
  listWebhookDeliveries: { method: "GET", path: "/v1/webhook_deliveries", pagination: "cursor" },
  resendWebhookDelivery: { method: "POST", path: "/v1/webhook_deliveries/{delivery}/resend" },
  listMemoriesAsOf: { method: "GET", path: "/v1/point_in_time/{store}/memories", pagination: "cursor" },
  retrieveMemoryAsOf: { method: "GET", path: "/v1/point_in_time/{store}/memories/{memory}" },
  listMemoryReads: { method: "GET", path: "/v1/memory_reads/{store}", pagination: "cursor" },
  listVersionReaders: { method: "GET", path: "/v1/version_readers/{store}/{version}", pagination: "cursor" },
  listUnreadMemories: { method: "GET", path: "/v1/unread_memories/{store}", pagination: "cursor" },
  retrieveStoreAsOf: { method: "GET", path: "/v1/point_in_time/{store}" },
  listStoreChanges: { method: "GET", path: "/v1/store_changes/{store}", pagination: "cursor" },
  storeActivity: { method: "GET", path: "/v1/store_activity/{store}" },
  listFolderSummaries: { method: "GET", path: "/v1/folder_summaries/{store}", pagination: "cursor" },
  retrieveUsage: { method: "GET", path: "/v1/usage" },
  listRestores: { method: "GET", path: "/v1/restores", pagination: "cursor" },
  planRestore: { method: "POST", path: "/v1/restores" },
  retrieveRestore: { method: "GET", path: "/v1/restores/{restore}" },
  executeRestore: { method: "POST", path: "/v1/restores/{restore}/execute" },
  listReverts: { method: "GET", path: "/v1/reverts", pagination: "cursor" },
  planRevert: { method: "POST", path: "/v1/reverts" },
  retrieveRevert: { method: "GET", path: "/v1/reverts/{revert}" },
  executeRevert: { method: "POST", path: "/v1/reverts/{revert}/execute" },
  retrieveDefaultWritePolicy: { method: "GET", path: "/v1/write_policies" },
  updateDefaultWritePolicy: { method: "POST", path: "/v1/write_policies" },
  retrieveWritePolicy: { method: "GET", path: "/v1/write_policies/{store}" },
  updateWritePolicy: { method: "POST", path: "/v1/write_policies/{store}" },
  deleteWritePolicy: { method: "DELETE", path: "/v1/write_policies/{store}" },
  dryRunWritePolicy: { method: "POST", path: "/v1/write_policies/{store}/dry_run" },
  verifyStoreHistory: { method: "GET", path: "/v1/integrity/{store}" },
  listAuditEvents: { method: "GET", path: "/v1/audit_events", pagination: "cursor" },
  verifyAuditLog: { method: "GET", path: "/v1/audit_events/integrity" },
  retrieveOrganization: { method: "GET", path: "/v1/organizations/me" },
  listWorkspaces: { method: "GET", path: "/v1/organizations/workspaces", repeated: ["ids[]", "ids"] },
  createWorkspace: { method: "POST", path: "/v1/organizations/workspaces" },
  retrieveWorkspace: { method: "GET", path: "/v1/organizations/workspaces/{workspace_id}" },
  updateWorkspace: { method: "POST", path: "/v1/organizations/workspaces/{workspace_id}" },
  archiveWorkspace: { method: "POST", path: "/v1/organizations/workspaces/{workspace_id}/archive" },
  listWorkspaceMembers: { method: "GET", path: "/v1/organizations/workspaces/{workspace_id}/members" },
  addWorkspaceMember: { method: "POST", path: "/v1/organizations/workspaces/{workspace_id}/members" },
  retrieveWorkspaceMember: { method: "GET", path: "/v1/organizations/workspaces/{workspace_id}/members/{user_id}" },
  updateWorkspaceMember: { method: "POST", path: "/v1/organizations/workspaces/{workspace_id}/members/{user_id}" },
  removeWorkspaceMember: { method: "DELETE", path: "/v1/organizations/workspaces/{workspace_id}/members/{user_id}" },
  listOrganizationApiKeys: { method: "GET", path: "/v1/organizations/api_keys" },
  retrieveOrganizationApiKey: { method: "GET", path: "/v1/organizations/api_keys/{api_key_id}" },
  updateOrganizationApiKey: { method: "POST", path: "/v1/organizations/api_keys/{api_key_id}" },
  listOrganizationUsers: { method: "GET", path: "/v1/organizations/users", repeated: ["roles[]", "roles"] },
  retrieveOrganizationUser: { method: "GET", path: "/v1/organizations/users/{user_id}" },
  updateOrganizationUser: { method: "POST", path: "/v1/organizations/users/{user_id}" },
  removeOrganizationUser: { method: "DELETE", path: "/v1/organizations/users/{user_id}" },
  listInvites: { method: "GET", path: "/v1/organizations/invites", repeated: ["statuses[]", "statuses", "roles[]", "roles"] },
  createInvite: { method: "POST", path: "/v1/organizations/invites" },
  retrieveInvite: { method: "GET", path: "/v1/organizations/invites/{invite_id}" },
  deleteInvite: { method: "DELETE", path: "/v1/organizations/invites/{invite_id}" },
} as const satisfies Record<string, OperationRoute>;

export type OperationName = keyof typeof OPERATION_ROUTES;

/** The header the official SDKs send for `workspace_id` on every call, and the console with its URL's workspace. */
export const WORKSPACE_HEADER = "anthropic-workspace-id";
