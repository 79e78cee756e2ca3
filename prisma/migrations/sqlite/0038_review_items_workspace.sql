-- The workspace of a review item's store, kept on the item (issue 46): the inbox's first page
-- walks (workspace_id, updated_at, memory_id) and stops at the page, whatever PostgreSQL's
-- statistics of memory_stores say (stale ones made it join every item and sort). An item is
-- written under its store's lock, and a store's move rewrites its items under that lock too.
ALTER TABLE "review_items" ADD COLUMN "workspace_id" TEXT NOT NULL DEFAULT '';
UPDATE "review_items" SET "workspace_id" = (SELECT "workspace_id" FROM "memory_stores" WHERE "memory_stores"."id" = "review_items"."store_id");
DROP INDEX "review_items_updated_at_memory_id_idx";
CREATE INDEX "review_items_workspace_id_updated_at_memory_id_idx" ON "review_items"("workspace_id", "updated_at", "memory_id");
