-- Issue 11. SQLite's search index gets a purge queue in its 0006; PostgreSQL's GIN indexes need
-- nothing (PostgreSQL maintains them outside the event loop).
--
-- Bulk deletes by filter: a dry run, then its execution, kept as the report. The filter is JSON
-- (memories: store and path prefix; stores: name and metadata). Items are not foreign keys to
-- what they name: the report outlives what it deleted. `seen` is the state the dry run saw (a
-- memory's head version; a store's update time and newest version), which the execution
-- requires unchanged; `digest` is the SHA-256 of every target and its `seen`.
CREATE TABLE "bulk_deletions" (
    "id" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "filter" TEXT NOT NULL,
    "store_id" TEXT,
    "digest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "count_before" INTEGER NOT NULL,
    "memories_before" INTEGER NOT NULL,
    "count_after" INTEGER,
    "memories_after" INTEGER,
    CONSTRAINT "bulk_deletions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "bulk_deletions_created_at_idx" ON "bulk_deletions"("created_at");

CREATE TABLE "bulk_deletion_items" (
    "bulk_deletion_id" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "seen" TEXT NOT NULL,
    "memory_count" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    CONSTRAINT "bulk_deletion_items_pkey" PRIMARY KEY ("bulk_deletion_id", "target_id")
);
ALTER TABLE "bulk_deletion_items" ADD CONSTRAINT "bulk_deletion_items_bulk_deletion_id_fkey" FOREIGN KEY ("bulk_deletion_id") REFERENCES "bulk_deletions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
