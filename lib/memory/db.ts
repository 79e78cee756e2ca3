import type { Prisma, PrismaClient } from "../db/generated/sqlite/client.ts";

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
}

export type Tx = Prisma.TransactionClient;
export type Client = PrismaClient | Tx;
export { Prisma } from "../db/generated/sqlite/client.ts";
/** Rows as the domain hands them out: the generated model types (the same on both engines). */
export type { MemoryRecord, MemoryStore, MemoryVersion } from "../db/generated/sqlite/client.ts";
