import Database, { type Statement } from "better-sqlite3";
import type { SqlClient, TransactionOptions } from "../memory/db.ts";
import { sql, Sql } from "../memory/sql.ts";
import { MemoryError } from "../memory/errors.ts";

/**
 * Hand-written SQL straight on the drivers, without the Prisma client runtime in between: on
 * SQLite a better-sqlite3 connection this module opens, on PostgreSQL the pg pool through
 * Prisma's driver adapter (@prisma/adapter-pg, its public driver-adapter interface: it turns
 * PostgreSQL's column types into the values the domain reads). On this project's hottest
 * statements the client runtime cost several times the statement (measured: a $queryRaw
 * ~160 us of CPU, the adapter call ~40 us, a Prisma interactive transaction of five statements
 * ~700 us, the same on the adapter ~110 us). The adapter shapes below are the public
 * driver-adapter interface (@prisma/driver-adapter-utils), restated so that nothing depends on
 * a transitive package. Statements are `Sql` fragments (lib/memory/sql.ts): `?` placeholders on
 * SQLite, `$1` on PostgreSQL.
 */
interface ArgType {
  scalarType: "string" | "int" | "bigint" | "float" | "boolean" | "datetime" | "bytes" | "unknown";
  arity: "scalar";
}
interface SqlQuery {
  sql: string;
  args: unknown[];
  argTypes: ArgType[];
}
export interface SqlQueryable {
  queryRaw(query: SqlQuery): Promise<{ columnNames: string[]; rows: unknown[][] }>;
  executeRaw(query: SqlQuery): Promise<number>;
}
export interface SqlTransaction extends SqlQueryable {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}
export interface SqlAdapter extends SqlQueryable {
  startTransaction(): Promise<SqlTransaction>;
  dispose(): Promise<void>;
}

/** What lib/db/client.ts measures of transactions (its metrics); the SQL layer itself knows no metrics. */
export interface TransactionObserver {
  transactionDone(seconds: number, outcome: "commit" | "rollback"): void;
  storeLockWaited(seconds: number): void;
  writePolicyEvent(rule: string, outcome: "refused" | "held"): void;
  /** HISTORY_CHAIN=off, the benchmark's switch (bench/guarded-write.ts): versions are written without chain fields. */
  readonly historyChainOff?: boolean;
  /** READ_TRACKING=off, the benchmark's switch (bench/read-tracking.ts): no read is recorded. */
  readonly readTrackingOff?: boolean;
}

/**
 * Sees every statement this process sends, in the order sent, with the transaction control
 * (BEGIN, COMMIT, ROLLBACK) that the runner or the driver adapter issues: what the statement
 * budget (test/db/statement-budget.test.ts) counts. `pipelined`: sent on a PostgreSQL
 * transaction's connection right behind another statement, with no answer arriving in between,
 * so it travels with that one and adds no round trip of its own. Unset, as in the app, it costs
 * one comparison per statement.
 */
type StatementWatcher = (sql: string, pipelined: boolean) => void;
let watcher: StatementWatcher | undefined;

/** Starts (or with undefined, stops) handing every statement to `next`. */
export function watchStatements(next: StatementWatcher | undefined): void {
  watcher = next;
}

type Row = Record<string, unknown>;
/** Runs one statement: the adapter's own calls, or on SQLite prepared statements kept for reuse. */
interface Executor {
  query(query: SqlQuery): Promise<Row[]>;
  execute(query: SqlQuery): Promise<number>;
  /** A write nothing waits for (SqlClient.$executeLater): where the connection allows, held back to go out with the next statement sent. */
  executeLater?(query: SqlQuery): Promise<number>;
}

/**
 * The socket under a transaction's pg connection (the adapter's transaction keeps its pool
 * client as `client`), when there is one: writes sent with writeLater are held in it (corked)
 * until the next statement awaited is sent, so that a burst leaves in one write instead of one
 * per statement (each a system call, and a wake-up of the server's backend).
 */
function socketOf(queryable: SqlQueryable): { cork(): void; uncork(): void } | undefined {
  const stream = (queryable as { client?: { connection?: { stream?: unknown } } }).client?.connection?.stream as
    { cork?: unknown; uncork?: unknown } | undefined;
  return typeof stream?.cork === "function" && typeof stream.uncork === "function" ? (stream as { cork(): void; uncork(): void }) : undefined;
}

/** One shared descriptor per type: a batched insert binds thousands of arguments. */
const ARG_TYPES = Object.fromEntries(
  (["string", "int", "bigint", "float", "boolean", "datetime", "bytes", "unknown"] as const).map((scalarType) => [scalarType, { scalarType, arity: "scalar" }]),
) as Record<ArgType["scalarType"], ArgType>;

function argType(value: unknown): ArgType {
  if (typeof value === "string") return ARG_TYPES.string;
  if (typeof value === "number") return Number.isInteger(value) ? ARG_TYPES.int : ARG_TYPES.float;
  if (typeof value === "bigint") return ARG_TYPES.bigint;
  if (typeof value === "boolean") return ARG_TYPES.boolean;
  if (value instanceof Date) return ARG_TYPES.datetime;
  if (value instanceof Uint8Array) return ARG_TYPES.bytes;
  return ARG_TYPES.unknown;
}

function toQuery(engine: "sqlite" | "postgres", query: TemplateStringsArray | Sql, values: unknown[]): SqlQuery {
  const statement = query instanceof Sql ? query : sql(query, ...values);
  return { sql: engine === "postgres" ? statement.text : statement.sql, args: statement.values, argTypes: statement.values.map(argType) };
}

/** `oneConnection`: a transaction's (the pool's reads each take a connection of their own, so none rides on another's trip). */
function adapterExecutor(queryable: SqlQueryable, oneConnection = false): Executor {
  /**
   * Pipelining (lib/db/client.ts): statements sent one after another with no answer arriving in
   * between travel together, one round trip for all (the lock and the read asked behind it, a
   * write's rows and the statement awaited after them). Counted so, per burst of statements,
   * the trips do not depend on how fast the database answers.
   */
  let answersSinceSend = 1;
  const pipelined = () => {
    const joins = oneConnection && answersSinceSend === 0;
    answersSinceSend = 0;
    return joins;
  };
  const sent = <T>(answer: Promise<T>): Promise<T> => answer.finally(() => (answersSinceSend += 1));
  // The adapter hands a statement to pg within the call, so what is corked here leaves at the uncork.
  const socket = oneConnection ? socketOf(queryable) : undefined;
  let corked = false;
  const flushed = <T>(answer: Promise<T>): Promise<T> => {
    if (corked) {
      corked = false;
      socket!.uncork();
    }
    return answer;
  };
  return {
    async query(query) {
      watcher?.(query.sql, pipelined());
      const { columnNames, rows } = await sent(flushed(queryable.queryRaw(query)));
      // A plain loop: an export maps tens of thousands of rows, and Object.fromEntries built an array per column of each.
      return rows.map((row) => {
        const named: Row = {};
        for (let i = 0; i < columnNames.length; i++) named[columnNames[i]!] = row[i];
        return named;
      });
    },
    execute: (query) => {
      watcher?.(query.sql, pipelined());
      return sent(flushed(queryable.executeRaw(query)));
    },
    executeLater: (query) => {
      watcher?.(query.sql, pipelined());
      if (socket && !corked) {
        socket.cork();
        corked = true;
      }
      return sent(queryable.executeRaw(query));
    },
  };
}

/**
 * SQLite: statements are prepared once per connection and reused (preparing one costs ~50-60 us
 * here, the largest cost we control in a write), with arguments bound as Prisma's adapter binds
 * them (timestamps as ISO 8601 with +00:00, booleans as 1/0), so that rows written by either
 * read alike.
 */
const PREPARED_PER_CONNECTION = 256;
const prepared = new WeakMap<Database.Database, Map<string, Statement>>();

/** A better-sqlite3 connection to `file` (a `file:` URL's path too); `timeout` is SQLite's busy timeout in ms. */
export function sqliteConnection(file: string, timeout: number): Database.Database {
  return new Database(file.replace(/^file:/, ""), { timeout });
}

function statementFor(db: Database.Database, sql: string): Statement {
  let cache = prepared.get(db);
  if (!cache) prepared.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (statement) {
    cache.delete(sql); // most recently used last
  } else {
    statement = db.prepare(sql);
    if (statement.reader) statement.safeIntegers(false);
    if (cache.size >= PREPARED_PER_CONNECTION) cache.delete(cache.keys().next().value!);
  }
  cache.set(sql, statement);
  return statement;
}

function sqliteArg(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * A better-sqlite3 error as Prisma's adapter would have thrown it (a DriverAdapterError whose
 * `cause` has a `kind` and the original code), so that callers meet one shape of database error
 * on both engines (lib/db/errors.ts reads it). The kinds are the adapter's.
 */
export function asAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof Error) || typeof code !== "string" || !code.startsWith("SQLITE_")) return error;
  const unique = code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
  // "UNIQUE constraint failed: memories.store_id, memories.path" names columns, never values.
  const fields = unique
    ? error.message
        .split("constraint failed: ")[1]
        ?.split(", ")
        .map((column) => column.split(".").pop()!)
    : undefined;
  const kind = unique ? "UniqueConstraintViolation" : code.startsWith("SQLITE_BUSY") ? "SocketTimeout" : "sqlite";
  const cause = { kind, originalCode: code, originalMessage: error.message, ...(fields && { constraint: { fields } }) };
  return Object.assign(new Error(`${kind} (${code})`, { cause }), { name: "DriverAdapterError" });
}

function sqliteExecutor(db: Database.Database): Executor {
  const run = <T>(statement: () => T): Promise<T> => {
    try {
      return Promise.resolve(statement());
    } catch (error) {
      return Promise.reject(asAdapterError(error));
    }
  };
  return {
    query: (query) => {
      watcher?.(query.sql, false);
      return run(() => statementFor(db, query.sql).all(...query.args.map(sqliteArg)) as Row[]);
    },
    execute: (query) => {
      watcher?.(query.sql, false);
      return run(() => statementFor(db, query.sql).run(...query.args.map(sqliteArg)).changes);
    },
  };
}

/**
 * A transaction's writes sent without waiting (SqlClient.$executeLater, lib/memory/write-later.ts).
 * On PostgreSQL the pool's connections pipeline (lib/db/client.ts), so such a write goes out at
 * once and the statement awaited next follows it on the wire: one round trip for both. The
 * server runs them in order; once one fails, PostgreSQL refuses the rest of the transaction
 * ("current transaction is aborted"), so the error a caller sees is the first write's own.
 */
interface LaterWrites {
  send(executor: Executor, query: SqlQuery): void;
  /** After a statement failed: the error of a write sent before it, if one failed, else its own. */
  firstError(error: unknown): Promise<unknown>;
  /** Before COMMIT: waits for every write sent, throwing the first one's error. */
  settle(): Promise<void>;
}

function laterWrites(): LaterWrites {
  let pending: Promise<number>[] = [];
  let failed: { error: unknown } | undefined;
  const settled = () => Promise.allSettled(pending).then(() => (pending = []));
  return {
    send(executor, query) {
      const write = (executor.executeLater ?? executor.execute)(query);
      write.catch((error) => (failed ??= { error }));
      pending.push(write);
    },
    async firstError(error) {
      await settled();
      return failed ? failed.error : error;
    },
    async settle() {
      await settled();
      if (failed) throw failed.error;
    },
  };
}

/** `$queryRaw` / `$executeRaw` with Prisma's signatures over a connection or a transaction (with `later`: `$executeLater` too). */
function sqlClientOn(
  engine: "sqlite" | "postgres",
  executor: () => Executor | Promise<Executor>,
  observer?: TransactionObserver,
  later?: LaterWrites,
): SqlClient {
  // A transaction's executor is at hand: the statement is sent in this call, so statements go
  // out in the order they are asked for, whatever each caller awaits in between.
  const awaited = <T>(run: (executor: Executor) => Promise<T>): Promise<T> => {
    let sent: Promise<T>;
    try {
      const at = executor();
      sent = at instanceof Promise ? at.then(run) : run(at);
    } catch (error) {
      sent = Promise.reject(error);
    }
    return later ? sent.catch(async (error) => Promise.reject(await later.firstError(error))) : sent;
  };
  return {
    storeLockWaited: observer?.storeLockWaited,
    writePolicyEvent: observer?.writePolicyEvent,
    historyChainOff: observer?.historyChainOff,
    readTrackingOff: observer?.readTrackingOff,
    $queryRaw<T>(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<T> {
      return awaited((e) => e.query(toQuery(engine, query, values))) as Promise<T>;
    },
    $executeRaw(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<number> {
      return awaited((e) => e.execute(toQuery(engine, query, values)));
    },
    ...(later && {
      $executeLater(query: Sql): void {
        // The executor of a transaction is at hand (not a promise); past its time limit this throws, as a statement would.
        later.send(executor() as Executor, toQuery(engine, query, []));
      },
    }),
  };
}

/**
 * One database as this module runs statements on it: `reads` outside a transaction, and
 * `begin` for a transaction's connection (held until `end`). The runner issues BEGIN, COMMIT
 * and ROLLBACK itself.
 */
export interface SqlConnection {
  readonly engine: "sqlite" | "postgres";
  reads(): Executor | Promise<Executor>;
  /** `unbegun`: BEGIN is not sent yet; the runner sends it ahead of the transaction's first statement. */
  begin(): Promise<{ executor: Executor; end(committed: boolean): Promise<void>; unbegun?: boolean }>;
}

/**
 * A connection of PostgreSQL's pool for one transaction, with nothing sent on it yet, and the
 * driver adapter's own statement runner over it (lib/db/client.ts says how): `release` gives it
 * back, discarding it if it broke meanwhile.
 */
export type TransactionConnection = () => Promise<{ queryable: SqlQueryable; release(): void }>;

/** A queue of one: the writer connection runs one transaction at a time. */
function mutex(): () => Promise<() => void> {
  let tail: Promise<void> = Promise.resolve();
  return () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = tail.then(() => release);
    tail = tail.then(() => released);
    return acquired;
  };
}

/** SQLite: reads on `reader` (which sees only committed data), transactions on `writer`, one at a time. */
export function sqliteConnections(reader: Database.Database, writer: Database.Database): SqlConnection {
  const reads = sqliteExecutor(reader);
  const executor = sqliteExecutor(writer);
  const lock = mutex();
  return {
    engine: "sqlite",
    reads: () => reads,
    async begin() {
      const release = await lock();
      return { executor, end: () => Promise.resolve(release()) };
    },
  };
}

/**
 * PostgreSQL: the pool behind Prisma's pg driver adapter. With `connection`, a transaction's
 * BEGIN is the runner's to send, with its first statement (one round trip less); without, the
 * adapter's startTransaction sends it and waits for its answer alone.
 */
export function postgresConnections(adapter: () => Promise<SqlAdapter>, connection?: TransactionConnection): SqlConnection {
  let reads: Promise<Executor> | undefined;
  return {
    engine: "postgres",
    reads: () => (reads ??= adapter().then(adapterExecutor)),
    async begin() {
      if (connection) {
        const { queryable, release } = await connection();
        return { executor: adapterExecutor(queryable, true), end: async () => release(), unbegun: true };
      }
      watcher?.("BEGIN", false);
      const tx = await (await adapter()).startTransaction();
      return { executor: adapterExecutor(tx, true), end: (committed) => (committed ? tx.commit() : tx.rollback()) };
    },
  };
}

/** Reads (and writes outside a transaction). */
export function sqlClient(connection: SqlConnection): SqlClient {
  return sqlClientOn(connection.engine, () => connection.reads());
}

const STATEMENT = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const overloaded = (what: string) => new MemoryError("overloaded", `The database is busy (${what}); nothing was changed. Retry the request.`);

const isBusy = (error: unknown) => {
  const code = (error as { cause?: { originalCode?: unknown } } | null)?.cause?.originalCode;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
};

/**
 * SQLite: BEGIN IMMEDIATE, waiting for the file's write lock on timers until `until`
 * (performance.now()). The connection has no busy timeout: SQLite's
 * own wait sleeps in the calling thread, which here is the event loop, so a second process
 * writing the file (an import, another server) held every request of this one. Taking the lock
 * first also means no statement of the transaction can meet a busy database halfway through.
 */
async function takeWriteLock(executor: Executor, until: number): Promise<void> {
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    try {
      await executor.execute(STATEMENT("BEGIN IMMEDIATE"));
      return;
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (performance.now() + pause > until) throw overloaded("another process held the database's write lock too long");
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Resolves with `work`, or rejects after `ms` (then `late` gets what `work` resolves with, to clean it up). */
function deadline<T>(work: Promise<T>, ms: number, error: () => Error, late?: (value: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let expired = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = true;
      reject(error());
    }, ms);
  });
  void work.then(
    (value) => expired && late?.(value),
    () => {},
  );
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `fn` in one transaction, committing when it resolves and rolling back when it throws,
 * with the limits Prisma's interactive transactions have: `maxWaitMs` to start (on SQLite: to
 * get the writer connection) and `timeoutMs` for the whole of it.
 */
export function sqlTransactionRunner(connection: SqlConnection, limits: { maxWaitMs: number; timeoutMs: number }, observer?: TransactionObserver) {
  const engine = connection.engine;
  const run = async <T>(fn: (tx: SqlClient) => Promise<T>, options?: TransactionOptions): Promise<T> => {
    const abandon = (late: { executor: Executor; end(committed: boolean): Promise<void> }) =>
      void late.executor
        .execute(STATEMENT("ROLLBACK"))
        .catch(() => {})
        .finally(() => late.end(false))
        .catch(() => {});
    const waitUntil = performance.now() + limits.maxWaitMs;
    const tx = await deadline(connection.begin(), limits.maxWaitMs, () => overloaded("waited too long to start a transaction"), abandon);
    const executor = tx.executor;
    if (engine === "sqlite") {
      try {
        await takeWriteLock(executor, waitUntil);
      } catch (error) {
        await tx.end(false);
        throw error;
      }
    }
    let open = true;
    const later = laterWrites();
    // Sent as a later write: held in the socket until the first statement goes, and should it
    // fail, that statement (or the COMMIT) fails with its error and the transaction rolls back.
    if (tx.unbegun) later.send(executor, STATEMENT("BEGIN"));
    const client = sqlClientOn(
      engine,
      () => {
        if (!open) throw overloaded("the transaction ran past its time limit");
        return executor;
      },
      observer,
      later,
    );
    // SQLite's secure_delete is the connection's: relaxed for this transaction only, and put back before it ends.
    const relaxed = options?.secureDelete === false && engine === "sqlite";
    const restore = () => (relaxed ? executor.query(STATEMENT("PRAGMA secure_delete = ON")) : null);
    try {
      if (relaxed) await executor.query(STATEMENT("PRAGMA secure_delete = FAST"));
      const result = await deadline(fn(client), options?.timeoutMs ?? limits.timeoutMs, () => overloaded("the transaction ran past its time limit"));
      open = false;
      if (engine === "postgres") {
        // The COMMIT follows the writes still on the wire (one round trip for all): should one of
        // them have failed, the server has refused everything since, and answers this COMMIT as a
        // ROLLBACK, so nothing of the transaction is kept; its error is thrown here.
        const commit = executor.execute(STATEMENT("COMMIT"));
        commit.catch(() => {});
        await later.settle();
        await commit;
      } else {
        // SQLite ran them all by now; it would commit the rest of a transaction one of them failed in.
        await later.settle();
        await restore();
        await executor.execute(STATEMENT("COMMIT"));
      }
      await tx.end(true);
      return result;
    } catch (error) {
      open = false;
      await Promise.resolve(restore()).catch(() => {});
      try {
        await executor.execute(STATEMENT("ROLLBACK"));
      } catch {
        // The transaction is already gone (failed commit, broken connection); release it all the same.
      }
      await tx.end(false);
      throw error;
    }
  };
  if (!observer) return run;
  return async <T>(fn: (tx: SqlClient) => Promise<T>, options?: TransactionOptions): Promise<T> => {
    const started = performance.now();
    let outcome: "commit" | "rollback" = "rollback";
    try {
      const result = await run(fn, options);
      outcome = "commit";
      return result;
    } finally {
      observer.transactionDone((performance.now() - started) / 1000, outcome);
    }
  };
}
