import { principalForKey } from "../auth/api-keys.ts";
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

/** The API key's principal; throws authentication for an unknown or revoked key. */
export async function principalOfKey(db: Db, key: string): Promise<Principal> {
  const principal = await principalForKey(db, key, config().MEMORY_CONSOLE_API_KEY);
  if (!principal) throw new MemoryError("authentication", "Invalid API key: it is unknown or has been revoked.");
  return principal;
}

export async function authenticate(db: Db, request: Request): Promise<Principal> {
  const key = presentedKey(request.headers);
  if (key) return principalOfKey(db, key);
  const session = await sessionPrincipal(db, request);
  if (session) return session;
  throw new MemoryError("authentication", 'Missing credentials: send an API key as "x-api-key: <key>" or "Authorization: Bearer <key>".');
}
