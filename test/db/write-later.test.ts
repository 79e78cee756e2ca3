import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { sql } from "../../lib/memory/sql.ts";
import { writeLater } from "../../lib/memory/write-later.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";
import { ENGINE } from "../helpers/server.ts";

/**
 * Writes sent without waiting (lib/memory/write-later.ts; pipelined on PostgreSQL): they run in
 * the order written, later statements of the transaction see them, and one that fails fails the
 * transaction with its own error, keeping nothing of it, whether a statement awaited after it
 * or only the COMMIT would have noticed.
 */
let db: OpenDb;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (ENGINE === "postgres") {
    const pg = await createPostgresDatabase("later");
    drop = pg.drop;
    db = await openDb(databaseTarget(pg.url));
  } else {
    const dir = mkdtempSync(join(tmpdir(), "memc-later-"));
    drop = async () => rmSync(dir, { recursive: true, force: true });
    db = await openDb(databaseTarget(`file:${join(dir, "later.db")}`));
  }
  await db.sqlTransaction((tx) => tx.$executeRaw(sql`CREATE TABLE later_rows (id TEXT PRIMARY KEY, n INTEGER NOT NULL)`));
});

afterAll(async () => {
  await db?.close();
  await drop?.();
});

const ids = async () => (await db.sql.$queryRaw<{ id: string }[]>(sql`SELECT id FROM later_rows ORDER BY id`)).map((r) => r.id);
const isDuplicate = (error: unknown) => JSON.stringify((error as { cause?: unknown }).cause ?? {}).includes("UniqueConstraintViolation");

describe(`writes sent without waiting (${ENGINE})`, () => {
  it("run in order, are seen by the statements after them and commit with the transaction", async () => {
    const seen = await db.sqlTransaction(async (tx) => {
      await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"a"}, ${1})`);
      await writeLater(tx, sql`UPDATE later_rows SET n = n + ${10} WHERE id = ${"a"}`);
      await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"b"}, ${2})`);
      return tx.$queryRaw<{ id: string; n: number }[]>(sql`SELECT id, n FROM later_rows ORDER BY id`);
    });
    expect(seen.map((r) => [r.id, Number(r.n)])).toEqual([
      ["a", 11],
      ["b", 2],
    ]);
    expect(await ids()).toEqual(["a", "b"]);
  });

  it("fail the next statement awaited with their own error, and nothing of the transaction is kept", async () => {
    const failed = await db
      .sqlTransaction(async (tx) => {
        await tx.$executeRaw(sql`INSERT INTO later_rows (id, n) VALUES (${"c"}, ${3})`);
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"a"}, ${4})`); // "a" is taken
        await tx.$queryRaw(sql`SELECT id FROM later_rows`);
        return "went on";
      })
      .catch((error: unknown) => error);
    // SQLite runs the SELECT (its statements do not abort the transaction): the error comes at the COMMIT instead.
    expect(isDuplicate(failed)).toBe(true);
    expect(await ids()).toEqual(["a", "b"]);
  });

  it("fail the COMMIT when nothing after them is awaited, and nothing is kept", async () => {
    const failed = await db
      .sqlTransaction(async (tx) => {
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"d"}, ${5})`);
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"b"}, ${6})`); // "b" is taken
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"e"}, ${7})`);
      })
      .catch((error: unknown) => error);
    expect(isDuplicate(failed)).toBe(true);
    expect(await ids()).toEqual(["a", "b"]);
  });

  it.runIf(ENGINE === "postgres")("leave with the next statement awaited in one socket write, not one write each", async () => {
    // Every write a socket makes goes through one of these two (node:net): counted while the burst is sent.
    const proto = Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
    const original = { _write: proto._write, _writev: proto._writev };
    let writes = 0;
    const counted = await db.sqlTransaction(async (tx) => {
      await tx.$queryRaw(sql`SELECT 1`); // the connection is this transaction's from here on
      for (const name of ["_write", "_writev"] as const)
        proto[name] = function (this: unknown, ...args: unknown[]) {
          writes += 1;
          return original[name].apply(this, args);
        };
      try {
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"g"}, ${9})`);
        await writeLater(tx, sql`UPDATE later_rows SET n = n + ${1} WHERE id = ${"g"}`);
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"h"}, ${10})`);
        await tx.$queryRaw(sql`SELECT id FROM later_rows WHERE id IN (${"g"}, ${"h"})`);
        return writes;
      } finally {
        Object.assign(proto, original);
      }
    });
    expect(counted).toBe(1);
    expect(await ids()).toEqual(["a", "b", "g", "h"]);
  });

  it.runIf(ENGINE === "postgres")("a transaction whose connection the server ends fails cleanly, and the ones after it run", async () => {
    // BEGIN goes as a later write on a connection the runner takes from the pool itself (lib/db/client.ts): its errors must end the transaction, never the process.
    const failed = await db
      .sqlTransaction(async (tx) => {
        const [own] = await tx.$queryRaw<{ pid: number }[]>(sql`SELECT pg_backend_pid() AS pid`);
        await db.sql.$queryRaw(sql`SELECT pg_terminate_backend(${own!.pid})`);
        await writeLater(tx, sql`INSERT INTO later_rows (id, n) VALUES (${"x"}, ${11})`);
        await tx.$queryRaw(sql`SELECT 1`);
        return "went on";
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    // More transactions than the pool has connections: none meets the broken one again.
    for (let i = 0; i < 12; i++)
      expect(await db.sqlTransaction((tx) => writeLater(tx, sql`UPDATE later_rows SET n = n WHERE id = ${"a"}`).then(() => i))).toBe(i);
    expect(await ids()).not.toContain("x");
  });

  it("outside a transaction are simply awaited", async () => {
    let done = false;
    const client = {
      $queryRaw: () => Promise.reject(new Error("not used")),
      $executeRaw: () =>
        new Promise<number>((resolve) =>
          setTimeout(() => {
            done = true;
            resolve(1);
          }, 5),
        ),
    };
    await writeLater(client, sql`INSERT INTO later_rows (id, n) VALUES (${"f"}, ${8})`);
    expect(done).toBe(true);
  });
});
