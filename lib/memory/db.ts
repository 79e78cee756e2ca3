import type { MatchRow, SearchFilters } from "./search/search-sql.ts";
import type { SearchInput } from "./search/search.ts";
import type { Sql } from "./sql.ts";

export { empty, join, raw, sql, type Sql } from "./sql.ts";

/**
 * What the domain core needs of a database. The core never opens connections: lib/db builds
 * this for SQLite or PostgreSQL and every operation takes it as its first argument. The core
 * states its rules in SQL both engines accept; where an engine needs other SQL, the core asks
 * `dialect` (lib/db/dialects/) and never which engine it runs on.
 */
export interface Db {
  /**
   * Hand-written SQL straight on the driver (better-sqlite3, or the pg pool through Prisma's
   * driver adapter; lib/db/sql.ts says why). Every write goes through `sqlTransaction`: it
   * commits when `fn` resolves and rolls back when it throws. `sql` reads outside a
   * transaction (on SQLite: a reader connection of its own, which sees only committed data and
   * refuses writes).
   */
  readonly sql: SqlClient;
  sqlTransaction<T>(fn: (tx: SqlClient) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** The statements and strategies that differ between the engines. */
  readonly dialect: Dialect;
  /**
   * SQLite: copies the write-ahead log into the database and empties it. Deleted and
   * overwritten bytes are zeroed in the database file (secure_delete), but the log can still
   * hold old copies of those pages; erasure and redaction call this so that their text is gone
   * from the files too. Resolves false when readers kept it from finishing. Absent on PostgreSQL.
   */
  truncateLog?(): Promise<boolean>;
}

/**
 * What differs between the engines, as the domain asks for it (lib/db/dialects/sqlite.ts and
 * postgres.ts implement it). Each member says what it is for, not which engine it suits.
 */
export interface Dialect {
  /** The SQL function giving a substring's 1-based position in a string (0: absent), as `fn(string, substring)`. */
  readonly position: Sql;
  /** The aggregate joining a text column's values with commas, as `fn(column, ',')` (a version's readers' channels). */
  readonly joinText: Sql;
  /**
   * The elements of a JSON array given as one text value, as a table whose `value` column holds
   * each (read its members with `value ->> 0`): a long list bound as one parameter instead of
   * one per field, which PostgreSQL would bind and parse anew for each list length.
   */
  jsonElements(json: string): Sql;
  /**
   * The rows of an INSERT, `columns` in that order: `INSERT INTO t (…) ${rowsToInsert("t", columns,
   * rows)}`. `table` and `columns` are the caller's checked names; `rows` are keyed by column, their
   * values strings, numbers, booleans, dates or null. A dry run's 200 report rows are 3,400
   * values: as parameters PostgreSQL parsed and bound them in ~3 ms a statement, and the driver
   * converted each; SQLite binds a value with a function call.
   */
  rowsToInsert(table: string, columns: readonly string[], rows: readonly Readonly<Record<string, unknown>>[]): Sql;
  /** The UTC day of a timestamp column as text, `YYYY-MM-DD` (what store_usage_days.day holds): the Usage page's stores per day. */
  utcDay(timestamp: Sql): Sql;
  /**
   * Written after a text expression (`v.path ${byteOrder} >= ${from}`, `ORDER BY k ${byteOrder}`)
   * so that it compares and sorts by bytes, as paths do: `memories.path` has that order on both
   * engines, but on PostgreSQL other columns (memory_versions.path) and what is computed from
   * them have the database's collation.
   */
  readonly byteOrder: Sql;
  /**
   * Appended to the SELECT of a claim (`… LIMIT n ${skipLocked}`, the claimed table aliased `d`):
   * rows another instance's claim or another transaction's write holds are skipped (a stale
   * sweep leaves a store being written for next time). Empty where one writer runs at a time.
   */
  readonly skipLocked: Sql;
  /** One page of a keyset walk in an index's order (an export's pages), read so that the planner walks the index. */
  indexOrderPage<T>(db: Db, query: Sql): Promise<T[]>;
  /**
   * Memories written per batch, with a yield between batches: the import holds the store lock,
   * never the event loop. SQLite runs statements synchronously, so a batch holds the event loop
   * for as long as it takes (~25 ms for 100); on PostgreSQL every statement awaits the network,
   * and larger batches save statements: 500 took 25 % less time than 100 for the bench's 10,000
   * notes, 1,000 no less, 2,500 more (measured while the GIN indexes were still written in the
   * import's own statements).
   */
  readonly importBatch: number;
  /** Bulk writes (imports) leave their versions to the search-index flusher instead of indexing them in their own transaction. */
  readonly bulkWritesDeferSearchIndex: boolean;
  readonly textIndex: TextIndex;
}

/** The search index: how matches are found, and its upkeep (lib/memory/search says what a search promises). */
export interface TextIndex {
  /** Whether `cursor` is one `newestPage` gives out (the domain refuses any other before asking for a page). */
  isCursor(cursor: string): boolean;
  /** Exact text, newest first: one page of `input.limit` rows after `input.from` (a cursor this index gave out), with the next page's cursor. */
  newestPage(db: Db, input: SearchInput): Promise<{ rows: MatchRow[]; next: string | null }>;
  /** Words: the ranked matches `offset` to `offset + limit` (smaller `score` first), one more when there are more. */
  rankedRows(db: Db, input: SearchInput, page: { limit: number; offset: number }): Promise<MatchRow[]>;
  /** Every match, newest first, in chunks with yields between; `visit` may throw to stop. */
  everyMatch(db: Db, filters: SearchFilters, visit: (rows: MatchRow[]) => void): Promise<void>;
  /** A cheap statement returning a row when versions wait for the index. */
  readonly pendingQuery: Sql;
  /**
   * Versions the server's background flusher moves at most each time it looks (every 250 ms):
   * SQLite (~60 ms of work, on the event loop): a backlog (a large import) takes at most about
   * a quarter of the server's time until it is gone, unless a search needs it all at once.
   * PostgreSQL (~0.8 s of the database server's time, awaited): a 10,000-note import is indexed
   * within seconds, while its searches read the pending versions directly.
   */
  readonly flushSlice: number;
  /** Moves waiting versions into the index (at most `maxVersions`); resolves with how many moved. */
  flush(db: Db, maxVersions: number): Promise<number>;
  /** Deletes the index rows of deleted versions, in small transactions; resolves with how many. */
  purge(db: Db): Promise<{ purged: number }>;
}

export interface TransactionOptions {
  timeoutMs?: number;
  /**
   * SQLite overwrites what a transaction deletes or replaces with zeros (secure_delete), so that
   * erased, redacted or replaced text does not stay readable in the file's free pages. `false`
   * keeps only what costs no extra write (the rows' own pages; freed pages keep their bytes
   * until reused or compacted): for the bulk deletions (a store, retention, the search index's
   * purge and flush), where overwriting every freed page made one commit hold the event loop for
   * over 100 ms. No effect on PostgreSQL.
   */
  secureDelete?: boolean;
}

/**
 * Raw SQL with the signatures of Prisma's `$queryRaw` and `$executeRaw`: a tagged template, or
 * one `Sql` fragment (lib/memory/sql.ts).
 */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<number>;
  /**
   * A transaction's write whose outcome nothing waits for (lib/memory/write-later.ts): sent at
   * once, behind the statements before it; its error, if any, is thrown by the next statement
   * awaited or before COMMIT. Absent outside transactions.
   */
  $executeLater?(query: Sql): void;
  /** Told how long a write waited for its store's lock (lib/db counts it in the metrics). */
  storeLockWaited?(seconds: number): void;
  /** Told of each write-policy refusal and held finding (lib/db counts them in the metrics). */
  writePolicyEvent?(rule: string, outcome: "refused" | "held"): void;
  /** Set only by the benchmark's HISTORY_CHAIN=off (lib/config.ts): the write path leaves the history chain alone. */
  readonly historyChainOff?: boolean;
  /** Set only by the benchmark's READ_TRACKING=off (lib/config.ts): reads are not recorded. */
  readonly readTrackingOff?: boolean;
}

/**
 * Rows as the domain hands them out, stated here: the domain owns its port, and nothing of
 * Prisma (types or runtime) is in it. prisma/schema.prisma describes the same tables;
 * test/unit/domain-row-types.test.ts fails when the two drift apart.
 */
export interface MemoryRecord {
  id: string;
  storeId: string;
  path: string;
  content: string;
  contentSha256: string;
  contentSizeBytes: number;
  memoryVersionId: string;
  createdAt: Date;
  updatedAt: Date;
  /** When an agent last read it (lib/memory/reads): null until one does; the console's reads do not count. */
  lastReadAt: Date | null;
}

/** The history chain's columns (migration 0016) are read and written by lib/memory/integrity alone, not with the rows. */
export interface MemoryStore {
  id: string;
  name: string;
  description: string;
  /** JSON object of string values. */
  metadata: string;
  memoryCount: number;
  /** Bytes of the live memories' content (migration 0034). */
  contentBytes: number;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  lastMemoryWriteAt: Date | null;
  reviewPolicy: string;
  historyHorizon: Date | null;
  writePolicy: string | null;
  /** The workspace that owns the store (migration 0030). */
  workspaceId: string;
}

/** As for stores, the chain's columns are lib/memory/integrity's alone. */
export interface MemoryVersion {
  id: string;
  storeId: string;
  memoryId: string;
  operation: string;
  path: string | null;
  content: string | null;
  contentSha256: string | null;
  contentSizeBytes: number | null;
  createdByType: string | null;
  createdById: string | null;
  apiKeyId: string | null;
  createdAt: Date;
  redactedAt: Date | null;
  redactedByType: string | null;
  redactedById: string | null;
  importedFrom: string | null;
  imported: string | null;
  createdByClaimed: boolean;
  previousId: string | null;
  previousCreatedAt: Date | null;
  previousPath: string | null;
}
