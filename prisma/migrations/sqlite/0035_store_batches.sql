-- Creating stores from a CSV (issue 43, lib/memory/store-batches, through lib/memory/bulk): the
-- plan row becomes the report; one item per CSV row (its fields, what the dry run planned, what
-- the execution did). New tables only: nothing to backfill.
CREATE TABLE "store_batches" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" DATETIME,
    "completed_at" DATETIME,
    "workspace_id" TEXT NOT NULL,
    "source_name" TEXT,
    "template_store_id" TEXT,
    "template_digest" TEXT,
    "template_memory_count" INTEGER NOT NULL,
    "unique_by" TEXT,
    "digest" TEXT NOT NULL,
    "counts" TEXT NOT NULL,
    "created_count" INTEGER,
    "late_count" INTEGER
);
CREATE INDEX "store_batches_workspace_id_id_idx" ON "store_batches"("workspace_id", "id");

CREATE TABLE "store_batch_items" (
    "store_batch_id" TEXT NOT NULL,
    "row_number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "metadata" TEXT NOT NULL,
    "unique_value" TEXT,
    "action" TEXT NOT NULL,
    "problems" TEXT,
    "existing_store_id" TEXT,
    "outcome" TEXT NOT NULL,
    "memory_store_id" TEXT,

    PRIMARY KEY ("store_batch_id", "row_number"),
    CONSTRAINT "store_batch_items_store_batch_id_fkey" FOREIGN KEY ("store_batch_id") REFERENCES "store_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- An execution asks, chunk by chunk, whether a store created or edited since its dry run took a
-- row's unique_by value (lib/memory/store-batches/taken-values.ts): store edits set updated_at,
-- memory writes do not, so this range holds only the few stores touched since.
CREATE INDEX "memory_stores_workspace_id_updated_at_idx" ON "memory_stores"("workspace_id", "updated_at");
