-- Time travel (issue 23). "The store as of T" is read from versions by time: the index on
-- (store_id, created_at) finds the versions written in a window (store changes, a restore's
-- memories changed since T, a revert's window). Retention records how far it pruned each store
-- (`history_horizon`: the latest moment a pruned version still described), so that a moment
-- before it is refused instead of answered wrongly.
ALTER TABLE "memory_stores" ADD COLUMN "history_horizon" TIMESTAMP(3);
CREATE INDEX "memory_versions_store_id_created_at_idx" ON "memory_versions"("store_id", "created_at");

-- Restores and reverts (lib/memory/bulk): the plan row becomes the report; items are per memory.
CREATE TABLE "restores" (
    "id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "as_of" TIMESTAMP(3) NOT NULL,
    "path_prefix" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "actionable" INTEGER NOT NULL,
    "counts" TEXT NOT NULL,
    CONSTRAINT "restores_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "restores_store_id_idx" ON "restores"("store_id");

CREATE TABLE "restore_items" (
    "restore_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
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

    CONSTRAINT "restore_items_pkey" PRIMARY KEY ("restore_id", "memory_id")
);

ALTER TABLE "restore_items" ADD CONSTRAINT "restore_items_restore_id_fkey" FOREIGN KEY ("restore_id") REFERENCES "restores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "reverts" (
    "id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "principal_type" TEXT NOT NULL,
    "principal_id" TEXT NOT NULL,
    "window_gte" TIMESTAMP(3),
    "window_lte" TIMESTAMP(3),
    "digest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "actionable" INTEGER NOT NULL,
    "counts" TEXT NOT NULL,
    CONSTRAINT "reverts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "reverts_store_id_idx" ON "reverts"("store_id");

CREATE TABLE "revert_items" (
    "revert_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
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

    CONSTRAINT "revert_items_pkey" PRIMARY KEY ("revert_id", "memory_id")
);

ALTER TABLE "revert_items" ADD CONSTRAINT "revert_items_revert_id_fkey" FOREIGN KEY ("revert_id") REFERENCES "reverts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

