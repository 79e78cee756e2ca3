-- The API key behind every write, whoever it is attributed to: a key that adds ?session_id= is
-- still found by the api_key_id filter (it cannot hide behind a session).
ALTER TABLE "memory_versions" ADD COLUMN "api_key_id" TEXT;
UPDATE "memory_versions" SET "api_key_id" = "created_by_id" WHERE "created_by_type" = 'api_actor';
CREATE INDEX "memory_versions_store_id_api_key_id_id_idx" ON "memory_versions"("store_id", "api_key_id", "id");
