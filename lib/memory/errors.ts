/**
 * The one error type of the domain core. The HTTP layer maps each code to a status and an
 * Anthropic error type in one table (lib/http/errors.ts); nothing else decides statuses.
 */
export type MemoryErrorCode =
  /** Input breaks a rule: bad path, too long a name, unknown parameter value, full store. */
  | "invalid_request"
  /** No or wrong credentials. */
  | "authentication"
  /** The caller is known but may not do this (role, read-only key, store outside the key). */
  | "permission"
  /** The store, memory or version does not exist (or is outside what the caller may see). */
  | "not_found"
  /** The path is used by, or overlaps, another live memory of the store. */
  | "path_conflict"
  /** A content_sha256 precondition does not hold for the memory's current content. */
  | "precondition_failed"
  /** The request conflicts with the resource's state: archived store, redacting a head version. */
  | "conflict"
  /** The request body is larger than the server accepts. */
  | "request_too_large"
  /** The database was busy past its timeout; the request changed nothing and may be retried. */
  | "overloaded";

export interface PathConflictDetails {
  conflicting_path: string;
  conflicting_memory_id: string;
}

export class MemoryError extends Error {
  constructor(
    readonly code: MemoryErrorCode,
    message: string,
    readonly details?: PathConflictDetails,
  ) {
    super(message);
    this.name = "MemoryError";
  }
}

export const invalidRequest = (message: string) => new MemoryError("invalid_request", message);
export const notFound = (message: string) => new MemoryError("not_found", message);
export const conflict = (message: string) => new MemoryError("conflict", message);
export const permissionDenied = (message: string) => new MemoryError("permission", message);
export const preconditionFailed = (message: string) => new MemoryError("precondition_failed", message);

export function pathConflict(requestedPath: string, conflictingPath: string, conflictingMemoryId: string) {
  const how =
    conflictingPath === requestedPath
      ? `a memory already exists at ${requestedPath}`
      : conflictingPath.length < requestedPath.length
        ? `${conflictingPath} is a memory, so it cannot also be a folder of ${requestedPath}`
        : `${requestedPath} is a folder of the existing memory ${conflictingPath}`;
  return new MemoryError("path_conflict", `Path conflict: ${how}.`, {
    conflicting_path: conflictingPath,
    conflicting_memory_id: conflictingMemoryId,
  });
}
