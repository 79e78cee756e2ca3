-- When a memory of the store was last created, changed or deleted: the store's
-- last_memory_write_at extension field (the console's "Updated"), set by the write path with
-- each version it writes. The hosted updated_at keeps the spec's meaning (store edits and
-- archive). Existing stores start from their newest version.
ALTER TABLE "memory_stores" ADD COLUMN "last_memory_write_at" TIMESTAMP(3);
UPDATE "memory_stores" SET "last_memory_write_at" = (SELECT max("created_at") FROM "memory_versions" WHERE "memory_versions"."store_id" = "memory_stores"."id");
