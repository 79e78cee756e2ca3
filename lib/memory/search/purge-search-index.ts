import type { Db } from "../db.ts";

/**
 * Deletes the index rows of deleted versions, where the engine's index keeps them after the
 * version is gone (SQLite's FTS5 tables: lib/db/dialects/sqlite-search.ts), in small
 * transactions with a yield between, so that deleting a store of 50,000 versions never holds
 * the event loop for long. Until then the rows are unreachable: searches reach versions through
 * search_keys, whose row went with the version. Idempotent: every instance may run it, and a
 * purge a crash interrupted is finished by the next one. PostgreSQL's indexes need nothing.
 */
export function purgeSearchIndex(db: Db): Promise<{ purged: number }> {
  return db.dialect.textIndex.purge(db);
}
