-- A store's size for the fleet's stores page (issue 43): content_bytes, the bytes of its live
-- memories, kept by the write path in the same transaction as memory_count, never computed by
-- scanning; existing stores start from a recount. At most 10,000 memories of 100 kB: an INTEGER
-- holds it on both engines. Each sort of GET /v1/store_search walks one
-- index within the workspace (the sort key, then id for ties and the cursor); stores never
-- written (last_memory_write_at null) sort as the oldest writes.
ALTER TABLE "memory_stores" ADD COLUMN "content_bytes" INTEGER NOT NULL DEFAULT 0;
UPDATE "memory_stores" SET "content_bytes" = COALESCE((SELECT sum("content_size_bytes") FROM "memories" WHERE "memories"."store_id" = "memory_stores"."id"), 0);
CREATE INDEX "memory_stores_name_idx" ON "memory_stores"("workspace_id", "name", "id");
CREATE INDEX "memory_stores_created_idx" ON "memory_stores"("workspace_id", "created_at", "id");
CREATE INDEX "memory_stores_last_write_idx" ON "memory_stores"("workspace_id", "last_memory_write_at", "id");
CREATE INDEX "memory_stores_memory_count_idx" ON "memory_stores"("workspace_id", "memory_count", "id");
CREATE INDEX "memory_stores_content_bytes_idx" ON "memory_stores"("workspace_id", "content_bytes", "id");
