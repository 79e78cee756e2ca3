import { databaseFailure, translateDbError } from "../db/errors.ts";
import { MemoryError, type MemoryErrorCode } from "../memory/errors.ts";
import { ulid } from "../memory/ids.ts";
import { logger } from "../observability/logger.ts";
import { currentRequest } from "../observability/request-context.ts";
import { UnreadBody } from "./body.ts";

/** The one map from domain error codes to HTTP statuses and Anthropic error types. */
const WIRE: Record<MemoryErrorCode, { status: number; type: string }> = {
  invalid_request: { status: 400, type: "invalid_request_error" },
  authentication: { status: 401, type: "authentication_error" },
  permission: { status: 403, type: "permission_error" },
  not_found: { status: 404, type: "not_found_error" },
  path_conflict: { status: 409, type: "memory_path_conflict_error" },
  precondition_failed: { status: 409, type: "memory_precondition_failed_error" },
  conflict: { status: 409, type: "conflict_error" },
  request_too_large: { status: 413, type: "request_too_large" },
  overloaded: { status: 529, type: "overloaded_error" },
};

/**
 * The id of the request being served: the one the server hook stamped on the response and
 * writes in its log line (lib/server/request-hook.ts); a fresh one outside a request.
 */
export function newRequestId(): string {
  return currentRequest()?.requestId ?? `req_${ulid()}`;
}

/**
 * The Anthropic error envelope. `x-should-retry` tells the official SDKs (which otherwise
 * retry every 409 and 5xx) that only an overloaded database is worth retrying: a failed
 * precondition or a path conflict stays failed.
 */
/** The envelope itself, for the few answers that are not domain errors (a wrong HTTP method). */
export function envelope(status: number, type: string, message: string, requestId: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { type: "error", error: { type, message }, request_id: requestId },
    { status, headers: { "request-id": requestId, "x-should-retry": "false", ...headers } },
  );
}

export function errorResponse(error: unknown, requestId: string): Response {
  const known = error instanceof MemoryError ? error : translateDbError(error);
  if (!known) {
    logger().error({ request_id: requestId, err: error, ...databaseFailure(error) }, "unexpected error");
  }
  const { status, type } = known ? WIRE[known.code] : { status: 500, type: "api_error" };
  const message = known ? known.message : "Internal server error. The request id identifies this failure in the server log.";
  const headers: Record<string, string> = { "request-id": requestId, "x-should-retry": known?.code === "overloaded" ? "true" : "false" };
  // An oversize body that could not be drained (lib/http/body.ts) is answered before it has
  // been read to the end; the unread rest would otherwise be taken as the next request on a
  // kept-alive connection, so close it.
  if (known instanceof UnreadBody) headers.connection = "close";
  return Response.json({ type: "error", error: { type, message, ...known?.details }, request_id: requestId }, { status, headers });
}
