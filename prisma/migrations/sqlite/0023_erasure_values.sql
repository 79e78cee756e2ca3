-- Pattern erase (issue 26): one erase of several picked values. The values themselves are never
-- stored, only each one's SHA-256 (a JSON array, null for the one-text form, whose hash stays in
-- query_sha256) and how they were found (email, phone, literal, regex). Per head item, what the
-- dry run planned for the memory (rewrite or delete). Nullable, no backfill: erasures before it
-- erased one text and planned their action as the erasure's. No index.
ALTER TABLE "erasures" ADD COLUMN "value_sha256s" TEXT;
ALTER TABLE "erasures" ADD COLUMN "pattern_type" TEXT;
ALTER TABLE "erasure_items" ADD COLUMN "planned_action" TEXT;
