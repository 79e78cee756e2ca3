-- Undoing a recorded review batch (lib/memory/review-batches, through lib/memory/bulk): the plan
-- row becomes the report; items are per memory, with the restore and revert item columns and the
-- memory's store (a batch can span stores). New tables only: nothing to backfill.
CREATE TABLE "review_batch_undos" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "batch_id" TEXT NOT NULL,
    "batch_action" TEXT NOT NULL,
    "store_ids" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" DATETIME,
    "completed_at" DATETIME,
    "actionable" INTEGER NOT NULL,
    "counts" TEXT NOT NULL
);
CREATE INDEX "review_batch_undos_batch_id_idx" ON "review_batch_undos"("batch_id");

CREATE TABLE "review_batch_undo_items" (
    "undo_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "decision_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "reason" TEXT,
    "seen_version_id" TEXT,
    "seen_path" TEXT,
    "seen_sha256" TEXT,
    "seen_size_bytes" INTEGER,
    "target_version_id" TEXT,
    "target_path" TEXT,
    "target_sha256" TEXT,
    "target_size_bytes" INTEGER,
    "outcome" TEXT NOT NULL,
    "new_memory_id" TEXT,
    "new_version_id" TEXT,

    PRIMARY KEY ("undo_id", "memory_id"),
    CONSTRAINT "review_batch_undo_items_undo_id_fkey" FOREIGN KEY ("undo_id") REFERENCES "review_batch_undos" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Which API key a session ran with (the console names a session by its key: lib/auth/actor-names.ts):
-- one index entry per version, built once here over existing versions (a full pass of the table).
CREATE INDEX "memory_versions_created_by_type_created_by_id_api_key_id_idx" ON "memory_versions"("created_by_type", "created_by_id", "api_key_id");
