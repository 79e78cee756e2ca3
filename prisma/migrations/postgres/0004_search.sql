-- Search (issue 11). The index covers every version: a memory's current path and content are
-- its head version's, so one index serves "current memories" (heads of live memories) and "all
-- versions". Expression indexes on memory_versions are kept by PostgreSQL in the statement that
-- writes the row, for every writer (API, memory tool, redaction, retention, store deletion), so
-- they can never lag or disagree; creating them indexes the versions already stored.
--
-- Words: search_words_vector(path, content), the path weighted above the content. Everything
-- but letters and digits separates words (as SQLite's unicode61 tokenizer does; PostgreSQL's
-- own parser would keep "/notes/todo.md" or "a@b.com" as one token), case-folded, no stemming.
-- Exact text: pg_trgm indexes for ILIKE '%…%' on content and path.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION search_words_vector(path text, content text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
        SELECT setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce(path, ''), '[^[:alnum:]]+', ' ', 'g')), 'A')
            || to_tsvector('simple'::regconfig, regexp_replace(coalesce(content, ''), '[^[:alnum:]]+', ' ', 'g'))
    $$;

CREATE INDEX "search_versions_words_idx" ON "memory_versions" USING gin (search_words_vector("path", "content"));
CREATE INDEX "search_versions_content_trgm_idx" ON "memory_versions" USING gin ("content" gin_trgm_ops);
CREATE INDEX "search_versions_path_trgm_idx" ON "memory_versions" USING gin ("path" gin_trgm_ops);

-- Erase (issue 11): a dry run, then its execution, kept as the report. The text erased is never
-- stored, only its SHA-256. Items are not foreign keys to stores or versions: the report
-- outlives what it erased.
CREATE TABLE "erasures" (
    "id" TEXT NOT NULL,
    "query_sha256" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "marker" TEXT,
    "store_ids" TEXT,
    "status" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "executed_by_type" TEXT,
    "executed_by_id" TEXT,
    "executed_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    "memories_before" INTEGER NOT NULL,
    "versions_before" INTEGER NOT NULL,
    "memories_after" INTEGER,
    "versions_after" INTEGER,
    CONSTRAINT "erasures_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "erasures_created_at_idx" ON "erasures"("created_at");

CREATE TABLE "erasure_items" (
    "erasure_id" TEXT NOT NULL,
    "version_id" TEXT NOT NULL,
    "store_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    CONSTRAINT "erasure_items_pkey" PRIMARY KEY ("erasure_id", "version_id")
);
ALTER TABLE "erasure_items" ADD CONSTRAINT "erasure_items_erasure_id_fkey" FOREIGN KEY ("erasure_id") REFERENCES "erasures"("id") ON DELETE CASCADE ON UPDATE CASCADE;
