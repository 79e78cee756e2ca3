-- Imported history is honest (issue 21): every version an import wrote names the import, who ran
-- it and when, and keeps what the file claimed (its author and time) apart from who wrote the
-- row. `import_attribution` says which of the two `created_by` / `created_at` show: 'importer'
-- (the import's principal and time) or 'file' (the file's claim, which only an admin import may
-- present; the version still reads as imported).
ALTER TABLE "memory_versions" ADD COLUMN "import_id" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "imported_by_type" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "imported_by_id" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "imported_at" DATETIME;
ALTER TABLE "memory_versions" ADD COLUMN "import_attribution" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "claimed_by_type" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "claimed_by_id" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "claimed_at" DATETIME;

-- Versions imported before: their import report says who ran it and when. A history import
-- kept the file's authors and times, so those are its claim, and its rows were written with the
-- importer's key (a session importer's key is not in the report), not with the key the file named.
UPDATE "memory_versions" SET
    "import_id" = i."id",
    "imported_by_type" = i."created_by_type",
    "imported_by_id" = i."created_by_id",
    "imported_at" = i."created_at",
    "import_attribution" = CASE WHEN i."with_history" THEN 'file' ELSE 'importer' END,
    "claimed_by_type" = CASE WHEN i."with_history" THEN "memory_versions"."created_by_type" END,
    "claimed_by_id" = CASE WHEN i."with_history" THEN "memory_versions"."created_by_id" END,
    "claimed_at" = CASE WHEN i."with_history" THEN "memory_versions"."created_at" END,
    "api_key_id" = CASE WHEN NOT i."with_history" THEN "memory_versions"."api_key_id" WHEN i."created_by_type" = 'api_actor' THEN i."created_by_id" END
FROM "import_items" ii JOIN "imports" i ON i."id" = ii."import_id"
WHERE ii."version_id" = "memory_versions"."id";
