/**
 * Bearer access tokens of OAuth grants, accepted on /mcp/{store} only (their audience is the
 * MCP endpoint, RFC 8707; /v1 takes API keys). A token is its grant's key: the key's role
 * (capped by its user's current role), store list and read-only flag apply, and revoking the
 * grant, disabling its user or the token's expiry stops it on the next request.
 */
import { hashSecret, KEY_OWNER_JOINS, KEY_WITH_OWNER_COLUMNS, principalOfKeyRow, type KeyWithOwner } from "../auth/api-keys.ts";
import type { Principal } from "../auth/principal.ts";
import type { Db } from "../memory/db.ts";
import { ACCESS_TOKEN_PREFIX } from "./lifetimes.ts";

export const isAccessToken = (bearer: string) => bearer.startsWith(ACCESS_TOKEN_PREFIX);

export async function principalForAccessToken(db: Db, token: string): Promise<Principal | null> {
  const [row] = await db.sql.$queryRaw<(KeyWithOwner & { token_expires_at: Date | string })[]>`
    SELECT ${KEY_WITH_OWNER_COLUMNS}, t.expires_at AS token_expires_at
    FROM oauth_tokens t JOIN api_keys k ON k.id = t.api_key_id ${KEY_OWNER_JOINS}
    WHERE t.token_hash = ${hashSecret(token)} AND t.kind = 'access' AND k.revoked_at IS NULL`;
  if (!row || new Date(row.token_expires_at).getTime() <= Date.now()) return null;
  return principalOfKeyRow(row);
}
