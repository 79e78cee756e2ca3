/**
 * The list filters of GET /v1/memory_stores/{store}/memory_versions, named as on the wire:
 * the query schema (schemas.ts) and the console's filter form both take their keys from here.
 */
export const VERSION_FILTER_KEYS = [
  "memory_id",
  "operation",
  "user_id",
  "api_key_id",
  "session_id",
  "service_account_id",
  "created_at[gte]",
  "created_at[lte]",
  "path_prefix",
] as const;
export type VersionFilterKey = (typeof VERSION_FILTER_KEYS)[number];
