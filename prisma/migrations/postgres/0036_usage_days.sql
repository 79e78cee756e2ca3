-- Usage over time (issue 43, the Usage page and GET /v1/usage): daily counters that the write
-- path keeps, so that a view never scans versions. One row per store, UTC day and channel (how
-- the writes came in: api, memory_tool, mcp, console, import, system, unknown), added to by one
-- upsert in each write's transaction (lib/memory/usage/count-writes.ts): the versions written
-- and what they moved the store's memory_count and content_bytes by. Not a foreign key: a
-- deleted store's rows stay, reached through its deleted_stores row, so the days it was
-- written on keep their writes.
CREATE TABLE "store_usage_days" (
    "store_id" TEXT NOT NULL,
    -- The UTC day, YYYY-MM-DD.
    "day" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "versions" INTEGER NOT NULL DEFAULT 0,
    "memories_delta" INTEGER NOT NULL DEFAULT 0,
    "bytes_delta" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "store_usage_days_pkey" PRIMARY KEY ("store_id", "day", "channel")
);
-- A deleted store, as it was when deleted (lib/memory/stores/delete-store.ts): a store's
-- creation is its memory_stores.created_at, and this row is what says it stopped existing, so
-- the stores of a workspace on any day since are counted exactly. No name, no content.
CREATE TABLE "deleted_stores" (
    "store_id" TEXT NOT NULL PRIMARY KEY,
    "workspace_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3) NOT NULL,
    "memory_count" INTEGER NOT NULL,
    "content_bytes" INTEGER NOT NULL
);
CREATE INDEX "deleted_stores_workspace_id_deleted_at_idx" ON "deleted_stores"("workspace_id", "deleted_at");
-- History before the counters: the writes per day that the kept versions tell (complete for the
-- days retention has not reached, fewer before). Their channel where the version says it (an
-- import, a person: the console, the write policy's expiry: system); an API key's writes came
-- through the API, the memory tool or MCP, which no version recorded: unknown. What they moved
-- the counts by is not reconstructed (pruned and redacted versions lost it): the levels over time
-- start on the day the counters did, kept in app_settings.
INSERT INTO "store_usage_days" ("store_id", "day", "channel", "versions")
SELECT "store_id", to_char("created_at", 'YYYY-MM-DD'),
    CASE
        WHEN "imported" IS NOT NULL THEN 'import'
        WHEN "created_by_type" = 'user_actor' THEN 'console'
        WHEN "created_by_type" = 'session_actor' AND "api_key_id" IS NULL THEN 'console'
        WHEN "created_by_type" = 'service_account_actor' THEN 'system'
        ELSE 'unknown'
    END,
    count(*)
FROM "memory_versions"
GROUP BY 1, 2, 3;
INSERT INTO "app_settings" ("key", "value", "created_at")
    VALUES ('usage_counted_since', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), CURRENT_TIMESTAMP);
