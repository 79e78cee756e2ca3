import { invalidRequest } from "../memory/errors.ts";

/**
 * Page cursors are opaque to clients: base64url JSON of where the next page starts plus the
 * query it belongs to, so a cursor replayed against another query is refused, not misread.
 */
export function encodeCursor(state: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
}

const notACursor = () => invalidRequest("page: not a page cursor returned by this API.");

/**
 * `positions` are the keys that say where the next page starts; they must be strings. A forged
 * cursor of any other shape is refused here rather than reaching the database. A NUL can only
 * come from a forged cursor, and PostgreSQL cannot compare text holding one.
 */
export function decodeCursor<T extends Record<string, string | number>>(
  page: string | undefined,
  expected: Partial<T>,
  positions: readonly (keyof T & string)[],
): T | undefined {
  if (page === undefined || page === "") return undefined;
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(page, "base64url").toString("utf8"));
  } catch {
    throw notACursor();
  }
  if (typeof state !== "object" || state === null || Array.isArray(state)) throw notACursor();
  const values = state as Record<string, unknown>;
  for (const value of Object.values(values)) {
    if (typeof value === "string" ? value.includes("\u0000") : typeof value !== "number") throw notACursor();
  }
  for (const key of positions) {
    if (typeof values[key] !== "string") throw notACursor();
  }
  for (const [key, value] of Object.entries(expected)) {
    if (values[key] !== value) throw invalidRequest("page: this cursor belongs to a list with other parameters; start again without page.");
  }
  return values as T;
}
