import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { config, type DatabaseTarget } from "../config.ts";
import type { Db } from "../memory/db.ts";
import { PrismaClient as PostgresClient } from "./generated/postgres/client.ts";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { metrics, metricsOn } from "../observability/metrics.ts";
import { sharedAdapter, sqlClient, sqlTransactionRunner, type TransactionObserver } from "./sql.ts";
import { watchWalCheckpoints } from "./wal-checkpoints.ts";

export interface OpenDb extends Db {
  close(): Promise<void>;
}

export interface OpenOptions {
  /** SQLite only: NORMAL or FULL (docs/operations.md, "What survives a crash"). */
  sqliteSynchronous?: "NORMAL" | "FULL";
  /** PostgreSQL only: connections in this process's pool. */
  poolSize?: number;
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
};

async function openSqlite(file: string, options: OpenOptions): Promise<OpenDb> {
  // Two connections: transactions run on the writer; plain reads use the reader, which in WAL
  // mode sees only committed data. On one shared connection a read issued while another
  // request's transaction is open would see that transaction's uncommitted rows.
  // Each Prisma client shares its adapter (its one connection) with the SQL of `sql` and
  // `sqlTransaction`; the writer's client only sets the connection up and closes it.
  // The writer has no busy timeout: its transactions wait for the file's write lock on timers
  // (lib/db/sql.ts, takeWriteLock), not in SQLite's sleep, which would hold the event loop.
  const writerAdapter = sharedAdapter(new PrismaBetterSqlite3({ url: file, timeout: 0 }));
  const readerAdapter = sharedAdapter(new PrismaBetterSqlite3({ url: file, timeout: 30_000 }));
  const writer = new SqliteClient({ adapter: writerAdapter.factory });
  const reader = new SqliteClient({ adapter: readerAdapter.factory });
  await writer.$queryRawUnsafe(`PRAGMA synchronous = ${options.sqliteSynchronous ?? "NORMAL"}`);
  await writer.$queryRawUnsafe("PRAGMA foreign_keys = ON");
  // Deleted content is overwritten with zeros, not merely freed: erased or redacted text must not
  // stay readable in the file's free pages (memories' old heads included, which every update
  // frees). Bulk deletions relax it for their own transactions (TransactionOptions.secureDelete).
  await writer.$queryRawUnsafe("PRAGMA secure_delete = ON");
  await reader.$queryRawUnsafe("PRAGMA query_only = ON");
  // Checkpoints run on a worker thread (wal-checkpoints.ts says why), not in the writer's commits.
  await writer.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 0");
  // Should the worker fail, SQLite's own checkpoints (every 1,000 pages, in the commit) come back.
  const checkpoints = watchWalCheckpoints(file, () => void writer.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 1000").catch(() => {}));
  return {
    engine: "sqlite",
    read: reader,
    sql: sqlClient("sqlite", readerAdapter.adapter),
    sqlTransaction: sqlTransactionRunner("sqlite", writerAdapter.adapter, TX_LIMITS, OBSERVER),
    truncateLog: () => checkpoints.truncate(),
    close: async () => {
      await checkpoints.stop();
      await Promise.all([writer.$disconnect(), reader.$disconnect()]);
    },
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<OpenDb> {
  const pool = sharedAdapter(new PrismaPg({ connectionString: url, max: options.poolSize ?? 10 }));
  const client = new PostgresClient({ adapter: pool.factory });
  await client.$queryRawUnsafe("SELECT 1");
  const asShared = client as unknown as SqliteClient;
  return {
    engine: "postgres",
    read: asShared,
    sql: sqlClient("postgres", pool.adapter),
    sqlTransaction: sqlTransactionRunner("postgres", pool.adapter, TX_LIMITS, OBSERVER),
    close: () => client.$disconnect(),
  };
}

export function openDb(target: DatabaseTarget, options: OpenOptions = {}): Promise<OpenDb> {
  return target.engine === "sqlite" ? openSqlite(target.file, options) : openPostgres(target.url, options);
}
