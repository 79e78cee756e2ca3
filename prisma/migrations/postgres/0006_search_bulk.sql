-- Issue 11, bulk deletes: SQLite's index gets a purge queue in its 0006; PostgreSQL's GIN indexes
-- need nothing (PostgreSQL maintains them outside the event loop).
SELECT 1;
