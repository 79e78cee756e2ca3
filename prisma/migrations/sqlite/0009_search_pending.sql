-- The search index's pending list (issue 11's write cost), as PostgreSQL's GIN indexes keep one.
--
-- Writing a version into the FTS5 tables in its own transaction cost more than the rest of the
-- write (~0.45 ms against ~0.45 ms: one FTS5 segment per transaction, ~one term per character
-- for the trigram table), and about half of that is the per-transaction segment, which batches
-- share. Now the write's transaction only puts the version in search_pending, in the same
-- statement as before (so nothing is ever missing from the index);
-- lib/memory/search/flush-search-index.ts gives pending versions their index keys and moves
-- them into the FTS5 tables in batches, right after writes, and every search runs it first, so
-- a search always sees every committed version.
--
-- search_keys now never reuses a key (AUTOINCREMENT): a key queued in search_purge could
-- otherwise be given to a new version before its old FTS5 rows were purged, and the purge would
-- then take the new version's rows.
DROP TRIGGER "search_versions_insert";
DROP TRIGGER "search_versions_delete";
DROP TRIGGER "search_versions_update";

CREATE TABLE "search_keys_new" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version_id" TEXT NOT NULL
);
INSERT INTO "search_keys_new" ("id", "version_id") SELECT "id", "version_id" FROM "search_keys";
-- Above every key in use or still to be purged.
INSERT INTO "sqlite_sequence" ("name", "seq")
    SELECT 'search_keys_new', max(coalesce((SELECT max("id") FROM "search_keys"), 0), coalesce((SELECT max("id") FROM "search_purge"), 0))
    WHERE NOT EXISTS (SELECT 1 FROM "sqlite_sequence" WHERE "name" = 'search_keys_new');
UPDATE "sqlite_sequence"
    SET "seq" = max("seq", coalesce((SELECT max("id") FROM "search_keys"), 0), coalesce((SELECT max("id") FROM "search_purge"), 0))
    WHERE "name" = 'search_keys_new';
DROP TABLE "search_keys";
ALTER TABLE "search_keys_new" RENAME TO "search_keys";
CREATE UNIQUE INDEX "search_keys_version_id_key" ON "search_keys"("version_id");

-- Versions waiting to be indexed, by version id: one B-tree row per write (their index keys are
-- given when they are moved into the FTS5 tables).
CREATE TABLE "search_pending" (
    "version_id" TEXT NOT NULL PRIMARY KEY
) WITHOUT ROWID;

CREATE TRIGGER "search_versions_insert" AFTER INSERT ON "memory_versions"
WHEN new."path" IS NOT NULL OR new."content" IS NOT NULL
BEGIN
    INSERT INTO "search_pending" ("version_id") VALUES (new."id");
END;

-- A deleted version's FTS5 rows are queued for the purge (migration 0006); a pending one has none.
CREATE TRIGGER "search_versions_delete" AFTER DELETE ON "memory_versions"
BEGIN
    DELETE FROM "search_pending" WHERE "version_id" = old."id";
    INSERT OR IGNORE INTO "search_purge" ("id") SELECT "id" FROM "search_keys" WHERE "version_id" = old."id";
    DELETE FROM "search_keys" WHERE "version_id" = old."id";
END;

-- Redaction (the one update of a version's path or content: it clears both) removes the
-- version's FTS5 rows at once, or takes it off the pending list.
CREATE TRIGGER "search_versions_update" AFTER UPDATE OF "path", "content" ON "memory_versions"
BEGIN
    DELETE FROM "search_words" WHERE rowid = (SELECT "id" FROM "search_keys" WHERE "version_id" = old."id");
    DELETE FROM "search_exact" WHERE rowid = (SELECT "id" FROM "search_keys" WHERE "version_id" = old."id");
    DELETE FROM "search_keys" WHERE "version_id" = old."id";
    DELETE FROM "search_pending" WHERE "version_id" = old."id";
    INSERT INTO "search_pending" ("version_id") SELECT new."id" WHERE new."path" IS NOT NULL OR new."content" IS NOT NULL;
END;
