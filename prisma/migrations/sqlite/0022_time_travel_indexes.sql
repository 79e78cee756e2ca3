-- Time travel (issue 23), faster. A memory's head at a moment (lib/memory/time-travel/states-at.ts)
-- is the newest of its versions written by then: with created_at in the per-memory index that is
-- read from the index alone, not from each version's row. The window index gains memory_id, so
-- that "which memories changed since T" is read from the index alone too; it replaces 0015's.
CREATE INDEX "memory_versions_store_id_memory_id_created_at_id_idx" ON "memory_versions"("store_id", "memory_id", "created_at", "id");
DROP INDEX "memory_versions_store_id_created_at_idx";
CREATE INDEX "memory_versions_store_id_created_at_memory_id_idx" ON "memory_versions"("store_id", "created_at", "memory_id");
