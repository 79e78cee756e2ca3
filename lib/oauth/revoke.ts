/**
 * RFC 7009 token revocation for public clients: a client drops one of its access or refresh
 * tokens. The answer is 200 whether or not the token was known (§2.2), so it tells nothing.
 * Ending a whole grant is the console's: revoking its row on the API keys page.
 */
import { hashSecret } from "../auth/api-keys.ts";
import type { Db } from "../memory/db.ts";
import { OAuthFailure } from "./oauth-errors.ts";

export async function revokeToken(db: Db, text: string): Promise<void> {
  const form = new URLSearchParams(text);
  const token = form.get("token");
  const clientId = form.get("client_id");
  if (!token) throw new OAuthFailure("invalid_request", "token: required.");
  if (!clientId) throw new OAuthFailure("invalid_request", "client_id: required (public clients identify themselves).");
  await db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM oauth_tokens WHERE token_hash = ${hashSecret(token)} AND client_id = ${clientId}`);
}
