import { Prisma } from "../db/generated/sqlite/client.ts";
import type { SqlClient } from "../memory/db.ts";
import { MemoryError } from "../memory/errors.ts";

/**
 * Hand-written SQL straight on the driver adapter that the Prisma client itself runs on (the
 * same better-sqlite3 connection and its transaction mutex, the same pg pool), without the
 * Prisma client runtime in between. On this project's hottest statements that runtime cost
 * several times the statement (measured: a $queryRaw ~160 us of CPU, the adapter call ~40 us,
 * a Prisma interactive transaction of five statements ~700 us, the same on the adapter
 * ~110 us). The shapes below are the public driver-adapter interface
 * (@prisma/driver-adapter-utils), restated so that nothing depends on a transitive package.
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
}
/** What Prisma's PrismaClient({ adapter }) takes: here wrapped so that we can reach the adapter it connects. */
export interface AdapterFactory {
  readonly provider: string;
  readonly adapterName: string;
  connect(): Promise<SqlAdapter>;
}

/** A factory that connects once and shares that adapter between the Prisma client and `sqlClient`. */
export function sharedAdapter<F extends AdapterFactory>(factory: F): { factory: F; adapter: () => Promise<SqlAdapter> } {
  let connected: Promise<SqlAdapter> | undefined;
  const connect = () => (connected ??= factory.connect());
  const shared = Object.create(factory) as F;
  Object.defineProperty(shared, "connect", { value: connect });
  return { factory: shared, adapter: connect };
}

function argType(value: unknown): ArgType {
  const scalar = (scalarType: ArgType["scalarType"]): ArgType => ({ scalarType, arity: "scalar" });
  if (typeof value === "string") return scalar("string");
  if (typeof value === "number") return scalar(Number.isInteger(value) ? "int" : "float");
  if (typeof value === "bigint") return scalar("bigint");
  if (typeof value === "boolean") return scalar("boolean");
  if (value instanceof Date) return scalar("datetime");
  if (value instanceof Uint8Array) return scalar("bytes");
  return scalar("unknown");
}

function toQuery(engine: "sqlite" | "postgres", query: TemplateStringsArray | Prisma.Sql, values: unknown[]): SqlQuery {
  const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...(values as Prisma.Sql[]));
  return { sql: engine === "postgres" ? sql.text : sql.sql, args: sql.values, argTypes: sql.values.map(argType) };
}

/** `$queryRaw` / `$executeRaw` with Prisma's signatures over an adapter or an adapter transaction. */
export function sqlClient(engine: "sqlite" | "postgres", queryable: () => SqlQueryable | Promise<SqlQueryable>): SqlClient {
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> {
      const { columnNames, rows } = await (await queryable()).queryRaw(toQuery(engine, query, values));
      return rows.map((row) => Object.fromEntries(columnNames.map((name, i) => [name, row[i]]))) as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number> {
      return (await queryable()).executeRaw(toQuery(engine, query, values));
    },
  };
}

const STATEMENT = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const overloaded = (what: string) => new MemoryError("overloaded", `The database is busy (${what}); nothing was changed. Retry the request.`);

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
  void work.then((value) => expired && late?.(value), () => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `fn` in one transaction on the adapter, committing when it resolves and rolling back
 * when it throws, with the limits Prisma's interactive transactions have: `maxWaitMs` to start
 * (on SQLite: to get the connection's mutex) and `timeoutMs` for the whole of it.
 */
export function sqlTransactionRunner(engine: "sqlite" | "postgres", adapter: () => Promise<SqlAdapter>, limits: { maxWaitMs: number; timeoutMs: number }) {
  return async <T>(fn: (tx: SqlClient) => Promise<T>, options?: { timeoutMs?: number }): Promise<T> => {
    const abandon = (tx: SqlTransaction) => void tx.executeRaw(STATEMENT("ROLLBACK")).finally(() => tx.rollback()).catch(() => {});
    const tx = await deadline((await adapter()).startTransaction(), limits.maxWaitMs, () => overloaded("waited too long to start a transaction"), abandon);
    let open = true;
    const client = sqlClient(engine, () => {
      if (!open) throw overloaded("the transaction ran past its time limit");
      return tx;
    });
    try {
      const result = await deadline(fn(client), options?.timeoutMs ?? limits.timeoutMs, () => overloaded("the transaction ran past its time limit"));
      open = false;
      await tx.executeRaw(STATEMENT("COMMIT"));
      await tx.commit();
      return result;
    } catch (error) {
      open = false;
      try {
        await tx.executeRaw(STATEMENT("ROLLBACK"));
      } catch {
        // The transaction is already gone (failed commit, broken connection); release it all the same.
      }
      await tx.rollback();
      throw error;
    }
  };
}
