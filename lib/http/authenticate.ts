import { keyAndStore } from "../auth/api-keys.ts";
import type { Principal } from "../auth/principal.ts";
import { config } from "../config.ts";
import type { Db } from "../memory/db.ts";
import { MemoryError } from "../memory/errors.ts";
import { sessionPrincipal } from "./session.ts";

/** The key from `x-api-key` (the docs' cURL form) or `Authorization: Bearer` (what the TypeScript SDK sends). */
export function presentedKey(headers: Headers): string | null {
  const apiKey = headers.get("x-api-key");
  if (apiKey) return apiKey.trim();
  const match = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "");
  return match ? match[1]!.trim() : null;
}

/** Who a request is, and the workspace of the store its path names when that came with the key (null: no such store). */
export interface Authenticated {
  principal: Principal;
  /** Read with the key in one statement; undefined when no store was named or a session cookie was presented. */
  storeWorkspaceId?: string | null;
}

/**
 * The API key's principal, and the named store's workspace read in the same statement; throws
 * authentication for an unknown or revoked key.
 */
export async function principalOfKey(db: Db, key: string, storeId?: string): Promise<Authenticated> {
  const found = await keyAndStore(db, key, config().MEMORY_CONSOLE_API_KEY, storeId);
  if (!found) throw new MemoryError("authentication", "Invalid API key: it is unknown or has been revoked.");
  return found;
}

export async function authenticate(db: Db, request: Request, storeId?: string): Promise<Authenticated> {
  const key = presentedKey(request.headers);
  if (key) return principalOfKey(db, key, storeId);
  const session = await sessionPrincipal(db, request);
  if (session) return { principal: session };
  throw new MemoryError("authentication", 'Missing credentials: send an API key as "x-api-key: <key>" or "Authorization: Bearer <key>".');
}
