-- Search (issue 11). The index covers every version: a memory's current path and content are
-- its head version's, so one index serves "current memories" (heads of live memories) and "all
-- versions". Triggers keep it in the statement that writes the version, for every writer (API,
-- memory tool, redaction, retention, store deletion), so it can never lag or disagree.
--
-- search_keys gives each indexed version a stable integer key: FTS5 rows are keyed by integers,
-- and memory_versions' own rowid may change on VACUUM (it has a TEXT primary key). The FTS5
-- tables are contentless (content is read from memory_versions) with deletes allowed.
-- search_words: words (unicode61, case-folded, diacritics kept, as on PostgreSQL), ranked by bm25.
-- search_exact: trigrams, for any substring of 3+ characters, case-insensitive, punctuation included.
CREATE TABLE "search_keys" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "version_id" TEXT NOT NULL
);
CREATE UNIQUE INDEX "search_keys_version_id_key" ON "search_keys"("version_id");
CREATE VIRTUAL TABLE "search_words" USING fts5(path, content, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE "search_exact" USING fts5(path, content, content='', contentless_delete=1, tokenize='trigram');

CREATE TRIGGER "search_versions_insert" AFTER INSERT ON "memory_versions"
WHEN new."path" IS NOT NULL OR new."content" IS NOT NULL
BEGIN
    INSERT INTO "search_keys" ("version_id") VALUES (new."id");
    INSERT INTO "search_words" (rowid, path, content) SELECT "id", new."path", new."content" FROM "search_keys" WHERE "version_id" = new."id";
    INSERT INTO "search_exact" (rowid, path, content) SELECT "id", new."path", new."content" FROM "search_keys" WHERE "version_id" = new."id";
END;

CREATE TRIGGER "search_versions_delete" AFTER DELETE ON "memory_versions"
BEGIN
    DELETE FROM "search_words" WHERE rowid = (SELECT "id" FROM "search_keys" WHERE "version_id" = old."id");
    DELETE FROM "search_exact" WHERE rowid = (SELECT "id" FROM "search_keys" WHERE "version_id" = old."id");
    DELETE FROM "search_keys" WHERE "version_id" = old."id";
END;

-- Redaction is the one update of a version's path or content (it clears both).
CREATE TRIGGER "search_versions_update" AFTER UPDATE OF "path", "content" ON "memory_versions"
BEGIN
    DELETE FROM "search_words" WHERE rowid = (SELECT "id" FROM "search_keys" WHERE "version_id" = old."id");
    DELETE FROM "search_exact" WHERE rowid = (SELECT "id" FROM "search_keys" WHERE "version_id" = old."id");
    DELETE FROM "search_keys" WHERE "version_id" = old."id";
    INSERT INTO "search_keys" ("version_id") SELECT new."id" WHERE new."path" IS NOT NULL OR new."content" IS NOT NULL;
    INSERT INTO "search_words" (rowid, path, content) SELECT "id", new."path", new."content" FROM "search_keys" WHERE "version_id" = new."id";
    INSERT INTO "search_exact" (rowid, path, content) SELECT "id", new."path", new."content" FROM "search_keys" WHERE "version_id" = new."id";
END;

-- The index for the versions already stored, oldest first (keys follow version order).
INSERT INTO "search_keys" ("version_id") SELECT "id" FROM "memory_versions" WHERE "path" IS NOT NULL OR "content" IS NOT NULL ORDER BY "id";
INSERT INTO "search_words" (rowid, path, content) SELECT k."id", v."path", v."content" FROM "search_keys" k JOIN "memory_versions" v ON v."id" = k."version_id";
INSERT INTO "search_exact" (rowid, path, content) SELECT k."id", v."path", v."content" FROM "search_keys" k JOIN "memory_versions" v ON v."id" = k."version_id";

-- Erase (issue 11): a dry run, then its execution, kept as the report. The text erased is never
-- stored, only its SHA-256. Items are not foreign keys to stores or versions: the report
-- outlives what it erased.
CREATE TABLE "erasures" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "query_sha256" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "marker" TEXT,
    "store_ids" TEXT,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" DATETIME,
    "completed_at" DATETIME,
    "memories_before" INTEGER NOT NULL,
    "versions_before" INTEGER NOT NULL,
    "memories_after" INTEGER,
    "versions_after" INTEGER
);
CREATE INDEX "erasures_created_at_idx" ON "erasures"("created_at");

CREATE TABLE "erasure_items" (
    "erasure_id" TEXT NOT NULL,
    "version_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,

    PRIMARY KEY ("erasure_id", "version_id"),
    CONSTRAINT "erasure_items_erasure_id_fkey" FOREIGN KEY ("erasure_id") REFERENCES "erasures" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
