-- Bulk store actions (issue 43): archive or delete the stores an id list or a store_search
-- filter selects, through the bulk lifecycle (lib/memory/bulk: dry run, typed confirmation,
-- conditional execution, report). One plan table and one item table per action, the same
-- shape; `origin` says whether a person asked (request) or the workspace's lifecycle rule swept.

CREATE TABLE "store_archivals" (
    "id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "workspace_id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "count_before" INTEGER NOT NULL,
    "memories_before" INTEGER NOT NULL,
    "bytes_before" BIGINT NOT NULL,
    "count_after" INTEGER,

    CONSTRAINT "store_archivals_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "store_archivals_workspace_id_idx" ON "store_archivals"("workspace_id", "id");

CREATE TABLE "store_archival_items" (
    "store_archival_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "seen" TEXT NOT NULL,
    "memory_count" INTEGER NOT NULL,
    "content_bytes" INTEGER NOT NULL,
    "last_memory_write_at" TIMESTAMP(3),
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,

    CONSTRAINT "store_archival_items_pkey" PRIMARY KEY ("store_archival_id", "store_id"),
    CONSTRAINT "store_archival_items_store_archival_id_fkey" FOREIGN KEY ("store_archival_id") REFERENCES "store_archivals"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "store_deletions" (
    "id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "workspace_id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "count_before" INTEGER NOT NULL,
    "memories_before" INTEGER NOT NULL,
    "bytes_before" BIGINT NOT NULL,
    "count_after" INTEGER,

    CONSTRAINT "store_deletions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "store_deletions_workspace_id_idx" ON "store_deletions"("workspace_id", "id");

CREATE TABLE "store_deletion_items" (
    "store_deletion_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "seen" TEXT NOT NULL,
    "memory_count" INTEGER NOT NULL,
    "content_bytes" INTEGER NOT NULL,
    "last_memory_write_at" TIMESTAMP(3),
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,

    CONSTRAINT "store_deletion_items_pkey" PRIMARY KEY ("store_deletion_id", "store_id"),
    CONSTRAINT "store_deletion_items_store_deletion_id_fkey" FOREIGN KEY ("store_deletion_id") REFERENCES "store_deletions"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The lifecycle rule (issue 43, part 3): archive a workspace's stores idle this many days, on the
-- sweep's schedule; null: off (the default).
ALTER TABLE "workspaces" ADD COLUMN "archive_after_idle_days" INTEGER;
