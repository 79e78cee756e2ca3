-- The search index's pending list on PostgreSQL (issue 12's import target), as SQLite's 0009.
--
-- The three GIN indexes of 0004 cost an import about three quarters of its time (10,000 notes:
-- 3.1 s of 4.3 s; the trigram of the content and the words vector are each ~1.5 s of CPU in the
-- importing backend), and PostgreSQL computes an index's entries in the statement that writes
-- the row. So an import writes its versions with search_pending = true, which leaves them out
-- of the (now partial) GIN indexes, and lib/memory/search/flush-search-index.ts sets it back to
-- false in batches after the import has committed: that UPDATE is what indexes them.
--
-- A search never waits for that: it reads the indexed versions through the GIN indexes and
-- the pending ones through memory_versions_search_pending_idx, matching their text on the fly
-- (lib/memory/search/search-sql.ts), so it sees every committed version either way. Every
-- other write leaves the column false and is indexed in its own statement, as before.
ALTER TABLE "memory_versions" ADD COLUMN "search_pending" BOOLEAN NOT NULL DEFAULT false;

DROP INDEX "search_versions_words_idx";
DROP INDEX "search_versions_content_trgm_idx";
DROP INDEX "search_versions_path_trgm_idx";
CREATE INDEX "search_versions_words_idx" ON "memory_versions" USING gin (search_words_vector("path", "content")) WHERE NOT "search_pending";
CREATE INDEX "search_versions_content_trgm_idx" ON "memory_versions" USING gin ("content" gin_trgm_ops) WHERE NOT "search_pending";
CREATE INDEX "search_versions_path_trgm_idx" ON "memory_versions" USING gin ("path" gin_trgm_ops) WHERE NOT "search_pending";
CREATE INDEX "search_versions_pending_idx" ON "memory_versions" ("id") WHERE "search_pending";
