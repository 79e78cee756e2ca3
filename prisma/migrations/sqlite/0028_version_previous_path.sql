-- Time travel (issue 23): the store as of a moment lists, besides the memories unchanged since,
-- where each memory changed since was then: its head then, the predecessor of its first version
-- after that moment (migration 0027). Reading that head's path took one version row per memory
-- changed since; each version now also holds its predecessor's path, so the page's keys come from
-- the window index alone (in-process on SQLite, 1,000 memories changed since: about 0.5 ms
-- against 1.9 ms). Null where there is nothing to place it by: a memory's first version, one that
-- follows a deletion, or one whose predecessor was redacted or pruned (the redaction and the
-- pruning clear it: lib/memory/versions). Backfilled by one primary-key read per version.
ALTER TABLE "memory_versions" ADD COLUMN "previous_path" TEXT;
UPDATE "memory_versions" SET "previous_path" = "p"."path"
FROM "memory_versions" AS "p"
WHERE "p"."id" = "memory_versions"."previous_id" AND "p"."operation" <> 'deleted' AND "p"."path" IS NOT NULL;
DROP INDEX "memory_versions_changed_since_idx";
CREATE INDEX "memory_versions_changed_since_idx" ON "memory_versions"("store_id", "created_at", "memory_id", "previous_id", "previous_created_at", "previous_path");
