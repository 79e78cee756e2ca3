-- Review: whose writes await review per store, the memories awaiting it, and who settled what.
-- Existing memories start settled: nothing written before this migration awaits review.
-- review_items.path uses COLLATE "C" like memories.path, so path-prefix filters compare bytes.
ALTER TABLE "memory_stores" ADD COLUMN "review_policy" TEXT NOT NULL DEFAULT 'agents';

CREATE TABLE "review_items" (
    "memory_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "settled_version_id" TEXT,
    "settled_path" TEXT,
    "head_version_id" TEXT NOT NULL,
    "head_operation" TEXT NOT NULL,
    "path" TEXT COLLATE "C" NOT NULL,
    "change" TEXT NOT NULL,
    "version_count" INTEGER NOT NULL,
    "last_actor_type" TEXT NOT NULL,
    "last_actor_id" TEXT NOT NULL,
    "last_api_key_id" TEXT,
    "first_pending_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "review_items_pkey" PRIMARY KEY ("memory_id")
);
CREATE INDEX "review_items_updated_at_memory_id_idx" ON "review_items"("updated_at", "memory_id");
CREATE INDEX "review_items_store_id_updated_at_memory_id_idx" ON "review_items"("store_id", "updated_at", "memory_id");

CREATE TABLE "review_decisions" (
    "id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "from_version_id" TEXT,
    "to_version_id" TEXT NOT NULL,
    "result_version_id" TEXT,
    "redacted" BOOLEAN NOT NULL DEFAULT false,
    "reviewer_type" TEXT NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "batch_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "review_decisions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "review_decisions_store_id_memory_id_id_idx" ON "review_decisions"("store_id", "memory_id", "id");
CREATE INDEX "review_decisions_batch_id_idx" ON "review_decisions"("batch_id");

ALTER TABLE "review_items" ADD CONSTRAINT "review_items_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "memory_stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "memory_stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;
