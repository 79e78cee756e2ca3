-- Workspaces (issue 44): every store belongs to one workspace, and so do its keys, webhook
-- endpoints, reports and audit events. Everything that exists moves into Default, whose id is
-- fixed so that every install names it alike. People become members of Default with the powers
-- they have today: admins are workspace admins (and stay organisation admins through
-- users.role), reviewers restricted developers (reviewer powers, no keys), viewers users.
-- A null workspace_id on api_keys is an organisation-scoped key (none exist yet: the
-- MEMORY_CONSOLE_API_KEY bootstrap key is organisation-scoped and not a row); on audit_events
-- an organisation-level event (people, invites, workspaces).
CREATE TABLE "workspaces" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "display_color" TEXT NOT NULL DEFAULT '#6c5ce7',
    -- JSON object of string values (the SDK's tags).
    "tags" TEXT NOT NULL DEFAULT '{}',
    -- The workspace's default write policy (JSON); null: the instance default.
    "write_policy" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "archived_at" TIMESTAMP(3)
);
INSERT INTO "workspaces" ("id", "name", "display_color", "created_at")
    VALUES ('wrkspc_00000000000000000000000000', 'Default', '#6c5ce7', CURRENT_TIMESTAMP);

CREATE TABLE "workspace_members" (
    "workspace_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    -- workspace_admin, workspace_developer, workspace_restricted_developer, workspace_user, workspace_billing
    "workspace_role" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    PRIMARY KEY ("workspace_id", "user_id")
);
CREATE INDEX "workspace_members_user_idx" ON "workspace_members"("user_id");
INSERT INTO "workspace_members" ("workspace_id", "user_id", "workspace_role", "created_at")
    SELECT 'wrkspc_00000000000000000000000000', "id",
           CASE "role" WHEN 'admin' THEN 'workspace_admin' WHEN 'reviewer' THEN 'workspace_restricted_developer' ELSE 'workspace_user' END,
           "created_at"
    FROM "users";

ALTER TABLE "memory_stores" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
CREATE INDEX "memory_stores_workspace_id_idx" ON "memory_stores"("workspace_id", "id");
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" TEXT;
UPDATE "api_keys" SET "workspace_id" = 'wrkspc_00000000000000000000000000';
ALTER TABLE "webhook_endpoints" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "erasures" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "bulk_deletions" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "imports" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "restores" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "reverts" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "review_batch_undos" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT 'wrkspc_00000000000000000000000000';
ALTER TABLE "audit_events" ADD COLUMN "workspace_id" TEXT;
UPDATE "audit_events" SET "workspace_id" = 'wrkspc_00000000000000000000000000' WHERE "store_id" IS NOT NULL;
CREATE INDEX "audit_events_workspace_id_idx" ON "audit_events"("workspace_id", "id");
