// Requests that hit server bugs already reported but outside this suite's reach to fix. The
// fuzz skips them (fc.pre) so that it keeps finding new ones; FUZZ_KNOWN_BUGS=1 sends them too,
// which is how to check a fix. Delete an entry once its bug is fixed.
import type { FuzzRequest } from "./http.ts";

export const INCLUDE_KNOWN_BUGS = process.env.FUZZ_KNOWN_BUGS === "1";

/** A path segment that does not percent-decode to UTF-8 (`%zz`, a lone `%`, `%C0%AE`, `%ED%A0%80`). */
function hasMalformedEscape(path: string): boolean {
  const pathname = path.split("?")[0]!;
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

const SERVED: [RegExp, string[]][] = [
  [/^\/v1\/memory_stores\/?$/, ["GET", "POST"]],
  [/^\/v1\/memory_stores\/[^/]+\/?$/, ["GET", "POST", "DELETE"]],
  [/^\/v1\/memory_stores\/[^/]+\/(archive|memory_tool)\/?$/, ["POST"]],
  [/^\/v1\/memory_stores\/[^/]+\/memories\/?$/, ["GET", "POST"]],
  [/^\/v1\/memory_stores\/[^/]+\/memories\/[^/]+\/?$/, ["GET", "POST", "DELETE"]],
  [/^\/v1\/memory_stores\/[^/]+\/memory_versions(\/[^/]+)?\/?$/, ["GET"]],
  [/^\/v1\/memory_stores\/[^/]+\/memory_versions\/[^/]+\/redact\/?$/, ["POST"]],
  [/^\/v1\/(api_keys|users)\/?$/, ["GET", "POST"]],
  [/^\/v1\/api_keys\/[^/]+\/revoke\/?$/, ["POST"]],
  [/^\/v1\/users\/[^/]+\/?$/, ["POST"]],
  [/^\/v1\/(me|actors)\/?$/, ["GET"]],
];

/** A method that an existing route does not serve. */
function isUnservedMethod(req: FuzzRequest): boolean {
  const pathname = new URL(req.path, "http://server.invalid").pathname;
  const route = SERVED.find(([pattern]) => pattern.test(pathname));
  return route !== undefined && !route[1].includes(req.method);
}

/** Which reported bug, if any, this request would run into. */
export function knownBug(req: FuzzRequest): string | null {
  // Next.js answers 500 "Internal Server Error" (plain text) before any route runs.
  if (hasMalformedEscape(req.path)) return "malformed percent-escape in the URL path → 500 text/plain";
  // Next.js answers 405 with an empty body; the 405 envelope is being added in lib/http.
  if (isUnservedMethod(req)) return "unserved method → 405 without the envelope";
  return null;
}
