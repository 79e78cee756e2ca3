-- The console as an OAuth 2.1 authorization server for MCP clients (lib/oauth). A consented
-- grant is an API key row of its own kind: `oauth_client_id` names the registered client it was
-- granted to, so store lists, read-only, attribution, review and revocation are the key's.
-- Clients come from dynamic client registration (RFC 7591); codes and tokens are stored only
-- as SHA-256 hashes, like keys, and belong to the grant's key.
ALTER TABLE "api_keys" ADD COLUMN "oauth_client_id" TEXT;

CREATE TABLE "oauth_clients" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "redirect_uris" TEXT NOT NULL,
    "metadata" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL
);

CREATE TABLE "oauth_codes" (
    "code_hash" TEXT NOT NULL PRIMARY KEY,
    "client_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "code_challenge_method" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL
);

CREATE TABLE "oauth_tokens" (
    "token_hash" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL
);
CREATE INDEX "oauth_tokens_api_key_id_idx" ON "oauth_tokens"("api_key_id");
