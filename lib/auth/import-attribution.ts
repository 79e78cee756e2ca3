import type { Attribution } from "../memory/import/attribution.ts";
import { permissionDenied } from "../memory/errors.ts";
import { can, type Principal } from "./principal.ts";

/**
 * Only an admin may have an import present the file's authors and times as the versions' own
 * (moving a store between servers), and that is an admin's default; anyone else's imports are
 * attributed to them, with the file's claim kept beside. Asking for `file` without admin is a 403.
 */
export function importAttribution(principal: Principal, asked: Attribution | undefined): Attribution {
  const admin = can(principal, "admin");
  if (asked === "file" && !admin) {
    throw permissionDenied("attribution=file: only an admin may import versions under the file's authors; without it they are attributed to you.");
  }
  return asked ?? (admin ? "file" : "importer");
}
