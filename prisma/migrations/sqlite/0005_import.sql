-- Imports: a version replayed from an export with history keeps its original operation, actor and
-- time, and names where it came from (the exported version id), so it reads as imported.
ALTER TABLE "memory_versions" ADD COLUMN "imported_from" TEXT;
