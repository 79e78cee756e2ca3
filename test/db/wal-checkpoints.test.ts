import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { ENGINE } from "../helpers/server.ts";

/**
 * SQLite: a commit never runs the WAL checkpoint on the event loop (it held every request for
 * ~100 ms after a store deletion); a worker thread does it shortly after. Seen from outside: right
 * after a commit that takes the WAL far past SQLite's 1,000-page threshold the database file
 * has not grown (nothing was copied back), and a little later it has.
 */
describe.skipIf(ENGINE !== "sqlite")("WAL checkpoints on SQLite", () => {
  let dir: string;
  let file: string;
  let db: OpenDb;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "memc-wal-"));
    file = join(dir, "wal.db");
    await migrate(databaseTarget(`file:${file}`));
    db = await openDb(databaseTarget(`file:${file}`));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("are not run by the commit that fills the WAL, and are run soon after by the worker", async () => {
    const before = statSync(file).size;
    // ~8 MB in one transaction: twice the size at which SQLite's own checkpoint would run in the commit.
    await db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`CREATE TABLE wal_filler (body TEXT NOT NULL)`;
      for (let i = 0; i < 80; i++) await tx.$executeRaw`INSERT INTO wal_filler (body) VALUES (${`${i}`.padEnd(100_000, "x")})`;
    });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(8_000_000);
    expect(statSync(file).size).toBe(before);

    await expect.poll(() => statSync(file).size, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before + 8_000_000);
    const rows = await db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM wal_filler`;
    expect(Number(rows[0]!.n)).toBe(80);
  });
});
