import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { config, type DatabaseTarget } from "../config.ts";
import type { Db, SqlClient } from "../memory/db.ts";
import { PrismaClient as PostgresClient } from "./generated/postgres/client.ts";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { metrics, metricsOn } from "../observability/metrics.ts";
import { postgresDialect } from "./dialects/postgres.ts";
import { sqliteDialect } from "./dialects/sqlite.ts";
import { statementNames } from "./prepared-statements.ts";
import type pg from "pg";
import {
  postgresConnections,
  sqlClient,
  sqliteConnection,
  sqliteConnections,
  sqlTransactionRunner,
  type SqlQueryable,
  type TransactionConnection,
  type TransactionObserver,
} from "./sql.ts";
import { watchWalCheckpoints } from "./wal-checkpoints.ts";

export interface OpenDb extends Db {
  readonly engine: "sqlite" | "postgres";
  /**
   * Prisma's model API, for tests and tools that look at rows (`db.read.memoryRecord.count()`):
   * a Prisma client of its own, opened on first use (the app never uses it), whose `$queryRaw`
   * and `$executeRaw` are `sql`'s, so that it is a SqlClient too.
   */
  readonly read: ReadClient;
  close(): Promise<void>;
}

export type ReadClient = Omit<SqliteClient, "$queryRaw" | "$executeRaw"> & SqlClient;

/** A Prisma client opened on first use, with `sql`'s raw SQL. */
function lazyReadClient(open: () => SqliteClient, sql: SqlClient): { read: () => ReadClient; close(): Promise<void> } {
  let client: SqliteClient | undefined;
  let read: ReadClient | undefined;
  return {
    read: () =>
      (read ??= new Proxy((client = open()), {
        get: (target, property) =>
          property === "$queryRaw" ? sql.$queryRaw.bind(sql) : property === "$executeRaw" ? sql.$executeRaw.bind(sql) : Reflect.get(target, property, target),
      }) as unknown as ReadClient),
    close: async () => {
      await client?.$disconnect();
    },
  };
}

export interface OpenOptions {
  /** SQLite only: NORMAL or FULL (docs/operations.md, "What survives a crash"). */
  sqliteSynchronous?: "NORMAL" | "FULL";
  /** PostgreSQL only: connections in this process's pool. */
  poolSize?: number;
  /** PostgreSQL only: name the frequent statements, parsed once per connection (lib/db/prepared-statements.ts); on unless false. */
  preparedStatements?: boolean;
}

// A write transaction waits for the store lock (and on SQLite for the one write connection);
// 10 s of waiting means the database is overloaded and the request should be retried.
const TX_MAX_WAIT_MS = 10_000;
const TX_TIMEOUT_MS = 15_000;

const TX_LIMITS = { maxWaitMs: TX_MAX_WAIT_MS, timeoutMs: TX_TIMEOUT_MS };

/** Transaction times and store-lock waits, into this instance's metrics (GET /metrics). */
const OBSERVER: TransactionObserver = {
  transactionDone: (seconds, outcome) => {
    if (metricsOn()) metrics().dbTransactions.observe({ outcome }, seconds);
  },
  storeLockWaited: (seconds) => {
    if (metricsOn()) metrics().storeLockWait.observe(seconds);
  },
  writePolicyEvent: (rule, outcome) => {
    if (metricsOn()) metrics().writePolicyEvents.inc({ rule, outcome });
  },
  get historyChainOff() {
    return config().HISTORY_CHAIN === "off";
  },
  get readTrackingOff() {
    return config().READ_TRACKING === "off";
  },
};

async function openSqlite(file: string, options: OpenOptions): Promise<OpenDb> {
  // Two connections: transactions run on the writer; plain reads use the reader, which in WAL
  // mode sees only committed data. On one shared connection a read issued while another
  // request's transaction is open would see that transaction's uncommitted rows.
  // The writer has no busy timeout: its transactions wait for the file's write lock on timers
  // (lib/db/sql.ts, takeWriteLock), not in SQLite's sleep, which would hold the event loop.
  const writer = sqliteConnection(file, 0);
  const reader = sqliteConnection(file, 30_000);
  writer.pragma(`synchronous = ${options.sqliteSynchronous ?? "NORMAL"}`);
  writer.pragma("foreign_keys = ON");
  // Deleted content is overwritten with zeros, not merely freed: erased or redacted text must not
  // stay readable in the file's free pages (memories' old heads included, which every update
  // frees). Bulk deletions relax it for their own transactions (TransactionOptions.secureDelete).
  writer.pragma("secure_delete = ON");
  reader.pragma("query_only = ON");
  // Checkpoints run on a worker thread (wal-checkpoints.ts says why), not in the writer's commits.
  writer.pragma("wal_autocheckpoint = 0");
  // Should the worker fail, SQLite's own checkpoints (every 1,000 pages, in the commit) come back.
  const checkpoints = watchWalCheckpoints(file, () => {
    if (writer.open) writer.pragma("wal_autocheckpoint = 1000");
  });
  const connections = sqliteConnections(reader, writer);
  const sql = sqlClient(connections);
  const read = lazyReadClient(() => new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file, timeout: 30_000 }) }), sql);
  return {
    engine: "sqlite",
    get read() {
      return read.read();
    },
    sql,
    sqlTransaction: sqlTransactionRunner(connections, TX_LIMITS, OBSERVER),
    dialect: sqliteDialect,
    truncateLog: () => checkpoints.truncate(),
    close: async () => {
      await checkpoints.stop();
      await read.close();
      writer.close();
      reader.close();
    },
  };
}

/**
 * A transaction's connection without its BEGIN (lib/db/sql.ts, TransactionConnection): the
 * adapter's startTransaction sends BEGIN and waits for its answer before anything else may go,
 * a round trip of its own for every write. Here a client is taken from the adapter's pool and
 * given the adapter's own statement runner, the class its transactions are made of (arguments
 * and results mapped exactly as for every other statement), found through the adapter's
 * prototype chain since the package does not export it. Should the package change that shape,
 * this returns undefined and transactions start through startTransaction, as before.
 */
function transactionConnection(adapter: Awaited<ReturnType<PrismaPg["connect"]>>, options: object): TransactionConnection | undefined {
  const Queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter))?.constructor as
    (new (client: pg.PoolClient, options: object) => SqlQueryable) | undefined;
  if (typeof Queryable !== "function" || typeof Queryable.prototype?.queryRaw !== "function" || typeof Queryable.prototype?.executeRaw !== "function")
    return undefined;
  const pool = adapter.underlyingDriver();
  return async () => {
    const client = await pool.connect();
    // An error on a client out of the pool is an 'error' event that would otherwise end the process; the statement in flight fails with it.
    let broken: Error | undefined;
    const onError = (error: Error) => (broken ??= error);
    client.on("error", onError);
    return {
      queryable: new Queryable(client, options),
      release() {
        client.removeListener("error", onError);
        client.release(broken);
      },
    };
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<OpenDb> {
  const names = options.preparedStatements === false ? undefined : (statementNames() as (query: { sql: string; args: unknown[] }) => string);
  // Pipelined connections: a statement sent while another is in flight goes out at once
  // (SqlClient.$executeLater, lib/db/sql.ts), instead of waiting for the one before to answer.
  const pool = { connectionString: url, max: options.poolSize ?? 10, pipeline: true };
  const adapterOptions = { statementNameGenerator: names };
  const adapter = await new PrismaPg(pool, adapterOptions).connect();
  await adapter.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] });
  const connections = postgresConnections(() => Promise.resolve(adapter), transactionConnection(adapter, adapterOptions));
  const sql = sqlClient(connections);
  const read = lazyReadClient(() => new PostgresClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }) }) as unknown as SqliteClient, sql);
  return {
    engine: "postgres",
    get read() {
      return read.read();
    },
    sql,
    sqlTransaction: sqlTransactionRunner(connections, TX_LIMITS, OBSERVER),
    dialect: postgresDialect,
    close: async () => {
      await read.close();
      await adapter.dispose();
    },
  };
}

export function openDb(target: DatabaseTarget, options: OpenOptions = {}): Promise<OpenDb> {
  return target.engine === "sqlite" ? openSqlite(target.file, options) : openPostgres(target.url, options);
}
