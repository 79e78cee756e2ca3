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

/**
 * Marks a MemoryError whichever copy of this module made it. Next.js can bundle this file more
 * than once in one process, and the database (kept on globalThis) runs the dialect code of the
 * bundle that opened it, so a refusal made there is another copy's class: without the mark,
 * `instanceof MemoryError` would fail and a 400 would answer as a 500.
 */
const MARK = Symbol.for("memory-console.MemoryError");

export class MemoryError extends Error {
  readonly [MARK] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    // Subclasses (UnreadBody) keep the ordinary prototype check.
    if (this !== MemoryError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [MARK]?: unknown })[MARK] === true;
  }

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
/** A store that does not exist, or that the caller's workspace does not own: one message, so the two are never told apart. */
export const storeNotFound = (storeId: string) => notFound(`Memory store ${storeId} not found.`);
/** A workspace that does not exist, or that the caller may not know of: one text, so neither is told apart. */
export const workspaceNotFound = (id: string) => notFound(`Workspace ${id} not found.`);
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
