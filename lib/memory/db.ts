import type { Prisma as PrismaNamespace, PrismaClient } from "../db/generated/sqlite/client.ts";

/**
 * What the domain core needs of a database. The core never opens connections: lib/db builds
 * this for SQLite or PostgreSQL and every operation takes it as its first argument. The
 * PostgreSQL client is typed with the SQLite one: both are generated from one schema and
 * expose the same model API.
 */
export interface Db {
  readonly engine: "sqlite" | "postgres";
  /**
   * Prisma's model API for reads outside a transaction (on SQLite, a connection of its own that
   * sees only committed data). The app reads and writes every table with SQL (`sql`,
   * `sqlTransaction`); tests use this to look at rows.
   */
  readonly read: PrismaClient;
  /**
   * Hand-written SQL on the driver adapter the Prisma client runs on, without the Prisma
   * client runtime (lib/db/sql.ts says why). Every write goes through `sqlTransaction`: it
   * commits when `fn` resolves and rolls back when it throws. `sql` reads outside a
   * transaction like `read` (on SQLite: the reader connection, which refuses writes).
   */
  readonly sql: SqlClient;
  sqlTransaction<T>(fn: (tx: SqlClient) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * SQLite: copies the write-ahead log into the database and empties it. Deleted and
   * overwritten bytes are zeroed in the database file (secure_delete), but the log can still
   * hold old copies of those pages; erasure and redaction call this so that their text is gone
   * from the files too. Resolves false when readers kept it from finishing. Absent on PostgreSQL.
   */
  truncateLog?(): Promise<boolean>;
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
 * Raw SQL with Prisma's own signatures, so a Prisma client is one too: helpers that take a
 * SqlClient (lockStore, getStore, getMemory, the memory mutations) also run on `read`.
 */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | PrismaNamespace.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | PrismaNamespace.Sql, ...values: unknown[]): Promise<number>;
  /** Told how long a write waited for its store's lock (lib/db counts it in the metrics); optional, so a Prisma client is a SqlClient too. */
  storeLockWaited?(seconds: number): void;
  /** Told of each write-policy refusal and held finding (lib/db counts them in the metrics). */
  writePolicyEvent?(rule: string, outcome: "refused" | "held"): void;
  /** Set only by the benchmark's HISTORY_CHAIN=off (lib/config.ts): the write path leaves the history chain alone. */
  readonly historyChainOff?: boolean;
}

export { Prisma } from "../db/generated/sqlite/client.ts";
/** Rows as the domain hands them out: the generated model types (the same on both engines). */
export type { MemoryRecord } from "../db/generated/sqlite/client.ts";
import type { MemoryStore as StoreModel, MemoryVersion as VersionModel } from "../db/generated/sqlite/client.ts";
/** The history chain's columns (migration 0016) are read and written by lib/memory/integrity alone, not with the rows. */
export type MemoryStore = Omit<
  StoreModel,
  "chainHeadSeq" | "chainHeadHash" | "chainCheckpointSeq" | "chainCheckpointHash" | "chainCheckpointAt" | "chainCheckpointSignature"
>;
export type MemoryVersion = Omit<VersionModel, "chainSeq" | "recordHash" | "prevChainHash" | "chainHash">;
