-- The console tree's folder summaries (lib/memory/memories/summarize-folders.ts) count the
-- memories awaiting review below each folder: a range scan of review items by path within a
-- store, read from this index alone.
CREATE INDEX "review_items_store_id_path_idx" ON "review_items"("store_id", "path");
