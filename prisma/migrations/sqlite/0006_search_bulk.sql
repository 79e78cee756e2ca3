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

-- Bulk deletes by filter (issue 11): a dry run, then its execution, kept as the report. The
-- filter is JSON (memories: store and path prefix; stores: name and metadata). Items are not
-- foreign keys to what they name: the report outlives what it deleted. `seen` is the state the
-- dry run saw (a memory's head version; a store's update time and newest version), which the
-- execution requires unchanged; `digest` is the SHA-256 of every target and its `seen`.
CREATE TABLE "bulk_deletions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "target" TEXT NOT NULL,
    "filter" TEXT NOT NULL,
    "store_id" TEXT,
    "digest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" DATETIME,
    "completed_at" DATETIME,
    "count_before" INTEGER NOT NULL,
    "memories_before" INTEGER NOT NULL,
    "count_after" INTEGER,
    "memories_after" INTEGER
);
CREATE INDEX "bulk_deletions_created_at_idx" ON "bulk_deletions"("created_at");

CREATE TABLE "bulk_deletion_items" (
    "bulk_deletion_id" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "seen" TEXT NOT NULL,
    "memory_count" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,

    PRIMARY KEY ("bulk_deletion_id", "target_id"),
    CONSTRAINT "bulk_deletion_items_bulk_deletion_id_fkey" FOREIGN KEY ("bulk_deletion_id") REFERENCES "bulk_deletions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
