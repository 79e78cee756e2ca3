-- Who read what (issue 45): a read is a memory's content handed to someone (the memory tool's
-- file view, MCP, a retrieve, a view=full list, a point-in-time read, the console opening it).
-- Reads are kept aggregated, one row per (version read, reader, session, channel) with the first
-- and last time and a count, written in batches by lib/memory/reads (never one write per read).
-- A version's rows go with it (pruning, store deletion): they hold no content.
CREATE TABLE "memory_reads" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "store_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "version_id" TEXT NOT NULL,
    -- api_key (an OAuth grant reads as its key) or user, and that key's or user's id.
    "reader_type" TEXT NOT NULL,
    "reader_id" TEXT NOT NULL,
    -- The agent session the read named; '' for none (so that the unique index holds).
    "session_id" TEXT NOT NULL,
    -- memory_tool, mcp, api, sync or console.
    "channel" TEXT NOT NULL,
    "first_read_at" DATETIME NOT NULL,
    "last_read_at" DATETIME NOT NULL,
    "read_count" INTEGER NOT NULL,
    CONSTRAINT "memory_reads_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "memory_versions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "memory_reads_aggregate_key" ON "memory_reads"("version_id", "reader_type", "reader_id", "session_id", "channel");
CREATE INDEX "memory_reads_store_id_id_idx" ON "memory_reads"("store_id", "id");
CREATE INDEX "memory_reads_store_id_memory_id_id_idx" ON "memory_reads"("store_id", "memory_id", "id");
CREATE INDEX "memory_reads_store_id_session_id_id_idx" ON "memory_reads"("store_id", "session_id", "id");
-- When an agent last read the memory (the memory's `last_read_at`): the console's reads do not move it.
ALTER TABLE "memories" ADD COLUMN "last_read_at" DATETIME;
