/**
 * Kept for callers not yet on the typed client: the low-level request lives in
 * lib/api-client/request.ts, and `apiClient` (lib/api-client/client.ts) calls operations by name.
 */
export { api, ApiError } from "@/lib/api-client/request.ts";
