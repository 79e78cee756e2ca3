-- Invites (issue 44, the organisation API): an organisation admin invites a person by email,
-- with an organisation role (developer or user) and the workspace they join. There is no mail
-- server: the invite's create answer carries, once, a link to the console's acceptance page with
-- a random token; only the token's SHA-256 is kept. Status is computed from the timestamps
-- (deleted, accepted, expired, else pending); rows are never deleted.
CREATE TABLE "invites" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    -- users.role the invitee gets: reviewer (developer) or viewer (user).
    "role" TEXT NOT NULL,
    -- The workspace the invitee joins; null: none (an organisation admin).
    "workspace_id" TEXT,
    "token_hash" TEXT NOT NULL,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "accepted_at" DATETIME,
    "deleted_at" DATETIME
);
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites"("token_hash");
CREATE INDEX "invites_email_idx" ON "invites"("email");
