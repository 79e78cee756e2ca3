/**
 * The storage model of @node-oauth/oauth2-server over this server's tables. The library does
 * the protocol (grant types, PKCE S256 verification, code expiry, redirect URI match, refresh
 * rotation, token responses and OAuth errors); this file only stores and finds. Codes and
 * tokens are kept as SHA-256 hashes (as keys are: lib/auth/api-keys.ts), each bound to its
 * grant's key row, and a code or refresh token is consumed by one conditional statement, so two
 * concurrent uses of the same one cannot both succeed. A used refresh token presented again
 * ends all of its grant's tokens (reuse detection).
 */
import { randomBytes } from "node:crypto";
import OAuth2Server from "@node-oauth/oauth2-server";
import { hashSecret } from "../auth/api-keys.ts";
import type { Db } from "../memory/db.ts";
import { findClient } from "./clients.ts";
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from "./lifetimes.ts";

/** What the library carries as `user`: the grant (an API key row) the code or token is for. */
export interface GrantUser {
  apiKeyId: string;
}

type Model = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel;

/** The kind of a refresh token that was rotated out. */
const USED_REFRESH = "used_refresh";

const randomToken = (prefix: string) => prefix + randomBytes(32).toString("base64url");
const asDate = (value: Date | string) => new Date(value);

/**
 * `checkGrant` runs on the grant of every code and refresh token presented at the token
 * endpoint, before anything is issued (the resource indicator check of the request).
 */
export function tokenModel(db: Db, checkGrant: (apiKeyId: string) => Promise<void> = async () => {}): Model {
  return {
    async getClient(clientId) {
      const client = await findClient(db, clientId);
      return client ? { id: client.id, redirectUris: client.redirectUris, grants: ["authorization_code", "refresh_token"] } : false;
    },

    generateAuthorizationCode: async () => randomBytes(32).toString("base64url"),
    generateAccessToken: async () => randomToken(ACCESS_TOKEN_PREFIX),
    generateRefreshToken: async () => randomToken(REFRESH_TOKEN_PREFIX),

    async saveAuthorizationCode(code, client, user) {
      const { apiKeyId } = user as GrantUser;
      await db.sqlTransaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO oauth_codes (code_hash, client_id, api_key_id, redirect_uri, code_challenge, code_challenge_method, expires_at)
          VALUES (${hashSecret(code.authorizationCode)}, ${client.id}, ${apiKeyId}, ${code.redirectUri}, ${code.codeChallenge ?? ""}, ${code.codeChallengeMethod ?? ""}, ${code.expiresAt})`;
        // Codes never exchanged go once expired: the table holds only the few minutes' worth in flight.
        await tx.$executeRaw`DELETE FROM oauth_codes WHERE expires_at < ${new Date()}`;
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const [row] = await db.sql.$queryRaw<
        { client_id: string; api_key_id: string; redirect_uri: string; code_challenge: string; code_challenge_method: string; expires_at: Date | string }[]
      >`
        SELECT c.client_id, c.api_key_id, c.redirect_uri, c.code_challenge, c.code_challenge_method, c.expires_at
        FROM oauth_codes c JOIN api_keys k ON k.id = c.api_key_id
        WHERE c.code_hash = ${hashSecret(authorizationCode)} AND k.revoked_at IS NULL`;
      if (!row) return false;
      await checkGrant(row.api_key_id);
      return {
        authorizationCode,
        expiresAt: asDate(row.expires_at),
        redirectUri: row.redirect_uri,
        // Every code is made with S256 (authorize-request.ts refuses any other), so the library always verifies.
        codeChallenge: row.code_challenge,
        codeChallengeMethod: row.code_challenge_method,
        client: { id: row.client_id, grants: ["authorization_code", "refresh_token"] },
        user: { apiKeyId: row.api_key_id } satisfies GrantUser,
      };
    },

    async revokeAuthorizationCode(code) {
      const deleted = await db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM oauth_codes WHERE code_hash = ${hashSecret(code.authorizationCode)}`);
      return deleted === 1;
    },

    async saveToken(token, client, user) {
      const { apiKeyId } = user as GrantUser;
      const now = new Date();
      await db.sqlTransaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO oauth_tokens (token_hash, kind, api_key_id, client_id, expires_at, created_at)
          VALUES (${hashSecret(token.accessToken)}, 'access', ${apiKeyId}, ${client.id}, ${token.accessTokenExpiresAt!}, ${now})`;
        if (token.refreshToken) {
          await tx.$executeRaw`
            INSERT INTO oauth_tokens (token_hash, kind, api_key_id, client_id, expires_at, created_at)
            VALUES (${hashSecret(token.refreshToken)}, 'refresh', ${apiKeyId}, ${client.id}, ${token.refreshTokenExpiresAt!}, ${now})`;
        }
        // Expired tokens of this grant go as new ones come: the table holds what may still be used.
        await tx.$executeRaw`DELETE FROM oauth_tokens WHERE api_key_id = ${apiKeyId} AND expires_at < ${now}`;
      });
      return { ...token, client, user };
    },

    async getRefreshToken(refreshToken) {
      const [row] = await db.sql.$queryRaw<{ kind: string; client_id: string; api_key_id: string; expires_at: Date | string }[]>`
        SELECT t.kind, t.client_id, t.api_key_id, t.expires_at
        FROM oauth_tokens t JOIN api_keys k ON k.id = t.api_key_id
        WHERE t.token_hash = ${hashSecret(refreshToken)} AND t.kind IN ('refresh', ${USED_REFRESH}) AND k.revoked_at IS NULL`;
      if (!row) return false;
      if (row.kind === USED_REFRESH) {
        // A rotated-out refresh token came back: it leaked (OAuth 2.1 §4.3.1). Every token of the grant stops; the client must connect again.
        await db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM oauth_tokens WHERE api_key_id = ${row.api_key_id}`);
        return false;
      }
      await checkGrant(row.api_key_id);
      return {
        refreshToken,
        refreshTokenExpiresAt: asDate(row.expires_at),
        client: { id: row.client_id, grants: ["authorization_code", "refresh_token"] },
        user: { apiKeyId: row.api_key_id } satisfies GrantUser,
      };
    },

    /** Rotation: the used refresh token is kept, marked, until it expires, so that its reuse is recognised. */
    async revokeToken(token) {
      const marked = await db.sqlTransaction(
        (tx) => tx.$executeRaw`UPDATE oauth_tokens SET kind = ${USED_REFRESH} WHERE token_hash = ${hashSecret(token.refreshToken)} AND kind = 'refresh'`,
      );
      return marked === 1;
    },

    // Bearer tokens are checked by access-tokens.ts (on /mcp), not by the library's authenticate().
    getAccessToken: async () => false,
  };
}
