-- Deleting many versions at once (a store, a retention run) without holding the event loop
-- (issue 11). Deleting rows from the FTS5 tables inside the statement that deletes the version
-- made a store's deletion hold SQLite, and so the whole server, for up to a second at a time:
-- the tables' delete-merges rewrote whole index segments mid-statement, and the transaction's
-- commit flushed every tombstone at once (~100 ms per 10,000 versions).
--
-- Now a deleted version leaves its index key in search_purge, in the same statement: its index
-- rows can no longer be found (searches reach versions through search_keys), and
-- lib/memory/search/purge-search-index.ts deletes them in small transactions of their own right
-- after (and at every retention run, which also finishes a purge a crash interrupted).
-- Redaction still removes a version's rows at once (the update trigger is unchanged).
CREATE TABLE "search_purge" (
    "id" INTEGER NOT NULL PRIMARY KEY
);

DROP TRIGGER "search_versions_delete";
CREATE TRIGGER "search_versions_delete" AFTER DELETE ON "memory_versions"
BEGIN
    INSERT OR IGNORE INTO "search_purge" ("id") SELECT "id" FROM "search_keys" WHERE "version_id" = old."id";
    DELETE FROM "search_keys" WHERE "version_id" = old."id";
END;

-- Tombstones no longer trigger a merge of their index level, which could rewrite a large segment
-- in one step. Their space is reclaimed when their segments merge in the course of writes.
INSERT INTO "search_words" ("search_words", rank) VALUES ('deletemerge', 0);
INSERT INTO "search_exact" ("search_exact", rank) VALUES ('deletemerge', 0);
