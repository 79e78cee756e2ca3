import type { Prisma as PrismaNamespace, PrismaClient } from "../db/generated/sqlite/client.ts";

/**
 * What the domain core needs of a database. The core never opens connections: lib/db builds
 * this for SQLite or PostgreSQL and every operation takes it as its first argument. The
 * PostgreSQL client is typed with the SQLite one: both are generated from one schema and
 * expose the same model API.
 */
export interface Db {
  readonly engine: "sqlite" | "postgres";
  /** Reads outside a transaction. On SQLite, a connection of its own that sees only committed data. */
  readonly read: PrismaClient;
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
  /**
   * Hand-written SQL for the API's hottest paths, on the same connections as `read` and
   * `transaction` but without the Prisma client runtime (lib/db/sql.ts says why):
   * `sql` reads outside a transaction like `read`; `sqlTransaction` is `transaction` for
   * code that only needs `$queryRaw`/`$executeRaw`. Both kinds of transaction serialise
   * with each other exactly as before (same SQLite connection mutex, same store row lock).
   */
  readonly sql: SqlClient;
  sqlTransaction<T>(fn: (tx: SqlClient) => Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
}

export type Tx = PrismaNamespace.TransactionClient;
export type Client = PrismaClient | Tx;

/**
 * Raw SQL with Prisma's own signatures, so a Prisma client or transaction is one too: helpers
 * that take a SqlClient (lockStore, getMemory, the memory mutations) work inside either kind
 * of transaction.
 */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | PrismaNamespace.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | PrismaNamespace.Sql, ...values: unknown[]): Promise<number>;
  /** Told how long a write waited for its store's lock (lib/db counts it in the metrics); optional, so a Prisma client is a SqlClient too. */
  storeLockWaited?(seconds: number): void;
}

export { Prisma } from "../db/generated/sqlite/client.ts";
/** Rows as the domain hands them out: the generated model types (the same on both engines). */
export type { MemoryRecord, MemoryStore, MemoryVersion } from "../db/generated/sqlite/client.ts";
