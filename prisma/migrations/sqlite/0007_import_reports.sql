-- Import reports (issue 12): every import that writes leaves a row saying who imported what,
-- when, from which source, into which store, with its counts, and one item per version it
-- wrote. Like erase reports, they are not foreign keys to stores or versions: a report outlives
-- the store it filled.
CREATE TABLE "imports" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "store_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "source_name" TEXT,
    "on_conflict" TEXT,
    "with_history" BOOLEAN NOT NULL,
    "new_store" BOOLEAN NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "counts" TEXT NOT NULL,
    "memories_written" INTEGER NOT NULL,
    "versions_written" INTEGER NOT NULL
);
CREATE INDEX "imports_store_id_id_idx" ON "imports"("store_id", "id");

CREATE TABLE "import_items" (
    "import_id" TEXT NOT NULL,
    "version_id" TEXT NOT NULL,
    "memory_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,

    PRIMARY KEY ("import_id", "version_id"),
    CONSTRAINT "import_items_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
