import type { Principal } from "../auth/principal.ts";
import type { Db } from "../memory/db.ts";

/**
 * The console's signed-in user for a request that carries no API key, or null. Filled in by
 * the sign-in layer; handlers never see the difference between a key and a session.
 */
export async function sessionPrincipal(_db: Db, _request: Request): Promise<Principal | null> {
  return null;
}
