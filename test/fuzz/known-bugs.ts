// Requests that hit server bugs already reported but outside this suite's reach to fix. The
// fuzz skips them (fc.pre) so that it keeps finding new ones; FUZZ_KNOWN_BUGS=1 sends them too,
// which is how to check a fix. Delete an entry once its bug is fixed.
import type { FuzzRequest } from "./http.ts";

export const INCLUDE_KNOWN_BUGS = process.env.FUZZ_KNOWN_BUGS === "1";

/** Which reported bug, if any, this request would run into (none are open now). */
export function knownBug(_req: FuzzRequest): string | null {
  return null;
}
