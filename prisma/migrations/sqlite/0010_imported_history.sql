-- Imported history is honest (issue 21): every version an import wrote says so. `imported` is
-- the mark as the API shows it (a JSON object: the import, its source, who ran it and when,
-- whether created_by / created_at are the importer's or the file's claim, and the file's claimed
-- author and time), so that reading it costs one column (seven columns cost an export ~40 % more
-- on SQLite). `created_by_claimed` is true where created_by is only the file's claim (an admin
-- import that kept the file's authors): the version filters by user, session or service account
-- pass over those rows.
ALTER TABLE "memory_versions" ADD COLUMN "imported" TEXT;
ALTER TABLE "memory_versions" ADD COLUMN "created_by_claimed" BOOLEAN NOT NULL DEFAULT false;

-- Versions imported before: their import report says who ran it and when. A history import
-- kept the file's authors and times, so those are its claim, and its rows were written with the
-- importer's key (a session importer's key is not in the report), not with the key the file named.
UPDATE "memory_versions" SET
    "imported" = json_object(
        'import_id', i."id",
        'source', CASE WHEN i."with_history" THEN 'jsonl' ELSE i."source" END,
        'imported_by', json_object('type', i."created_by_type", CASE i."created_by_type" WHEN 'api_actor' THEN 'api_key_id' WHEN 'user_actor' THEN 'user_id'
            WHEN 'session_actor' THEN 'session_id' ELSE 'service_account_id' END, i."created_by_id"),
        'imported_at', strftime('%Y-%m-%dT%H:%M:%fZ', i."created_at"),
        'attribution', CASE WHEN i."with_history" THEN 'file' ELSE 'importer' END,
        'claimed_created_by', CASE WHEN i."with_history" AND "memory_versions"."created_by_type" IS NOT NULL THEN json_object('type', "memory_versions"."created_by_type",
            CASE "memory_versions"."created_by_type" WHEN 'api_actor' THEN 'api_key_id' WHEN 'user_actor' THEN 'user_id' WHEN 'session_actor' THEN 'session_id'
            ELSE 'service_account_id' END, "memory_versions"."created_by_id") END,
        'claimed_created_at', CASE WHEN i."with_history" THEN strftime('%Y-%m-%dT%H:%M:%fZ', "memory_versions"."created_at") END),
    "created_by_claimed" = i."with_history" AND NOT ("memory_versions"."created_by_type" IS i."created_by_type" AND "memory_versions"."created_by_id" IS i."created_by_id"),
    "api_key_id" = CASE WHEN NOT i."with_history" THEN "memory_versions"."api_key_id" WHEN i."created_by_type" = 'api_actor' THEN i."created_by_id" END
FROM "import_items" ii JOIN "imports" i ON i."id" = ii."import_id"
WHERE ii."version_id" = "memory_versions"."id";
