import { invalidRequest } from "../memory/errors.ts";

/**
 * Page cursors are opaque to clients: base64url JSON of where the next page starts plus the
 * query it belongs to, so a cursor replayed against another query is refused, not misread.
 */
export function encodeCursor(state: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
}

export function decodeCursor<T extends Record<string, string | number>>(
  page: string | undefined,
  expected: Partial<T>,
  keys: readonly (keyof T)[],
): T | undefined {
  if (page === undefined || page === "") return undefined;
  let state: Record<string, unknown>;
  try {
    state = JSON.parse(Buffer.from(page, "base64url").toString("utf8"));
  } catch {
    throw invalidRequest("page: not a page cursor returned by this API.");
  }
  // A NUL can only come from a forged cursor, and PostgreSQL cannot compare text holding one.
  if (typeof state !== "object" || state === null || Object.values(state).some((v) => typeof v === "string" && v.includes("\u0000"))) {
    throw invalidRequest("page: not a page cursor returned by this API.");
  }
  for (const key of keys) {
    if (!(key in state)) throw invalidRequest("page: not a page cursor returned by this API.");
  }
  for (const [key, value] of Object.entries(expected)) {
    if (state[key] !== value) throw invalidRequest("page: this cursor belongs to a list with other parameters; start again without page.");
  }
  return state as T;
}
