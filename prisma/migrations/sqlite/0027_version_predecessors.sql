-- Time travel (issue 23), faster again. Each version names the one it followed, and when that one
-- was written: known to the write path at no cost, never changed afterwards. A memory changed
-- since a moment T then had, at T, the version its first version after T followed: the versions
-- written after T whose predecessor was written by T name those heads, read from the window index
-- alone (it gains both columns), with no per-memory seek. Existing versions are linked in id
-- order per memory, the order the write path gives them (lib/memory/memories/mutations.ts).
ALTER TABLE "memory_versions" ADD COLUMN "previous_id" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "previous_created_at" DATETIME;
UPDATE "memory_versions" SET "previous_id" = "linked"."previous_id", "previous_created_at" = "linked"."previous_created_at"
FROM (
  SELECT "id", lag("id") OVER "chain" AS "previous_id", lag("created_at") OVER "chain" AS "previous_created_at"
  FROM "memory_versions" WINDOW "chain" AS (PARTITION BY "memory_id" ORDER BY "id")
) AS "linked"
WHERE "linked"."id" = "memory_versions"."id" AND "linked"."previous_id" IS NOT NULL;
DROP INDEX "memory_versions_store_id_created_at_memory_id_idx";
CREATE INDEX "memory_versions_changed_since_idx" ON "memory_versions"("store_id", "created_at", "memory_id", "previous_id", "previous_created_at");
