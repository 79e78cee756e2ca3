import { afterAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../../lib/config.ts";
import { openDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { NAMED_MAX_ARGUMENTS, statementNames } from "../../lib/db/prepared-statements.ts";
import { sql } from "../../lib/memory/sql.ts";
import { createPostgresDatabase, type TestDatabase } from "../helpers/postgres.ts";
import { ENGINE } from "../helpers/server.ts";

const args = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("statement names", () => {
  it("names a text once, for good, and only texts with a few arguments, up to the limit", () => {
    const name = statementNames(3);
    const first = name({ sql: "SELECT $1", args: args(1) });
    expect(first).toBeDefined();
    expect(name({ sql: "SELECT $1", args: args(1) })).toBe(first);
    expect(name({ sql: "BEGIN", args: [] })).toBeUndefined();
    expect(name({ sql: "INSERT many", args: args(NAMED_MAX_ARGUMENTS + 1) })).toBeUndefined();
    const second = name({ sql: "SELECT $1, $2", args: args(2) });
    const third = name({ sql: "SELECT $1, $2, $3", args: args(3) });
    expect(new Set([first, second, third]).size).toBe(3);
    // Full: a new text goes unnamed, the named ones keep their names.
    expect(name({ sql: "SELECT $1 + 1", args: args(1) })).toBeUndefined();
    expect(name({ sql: "SELECT $1, $2", args: args(2) })).toBe(second);
  });
});

describe.runIf(ENGINE === "postgres")("prepared statements on PostgreSQL", () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  /** What one pooled connection holds prepared after running the same statement three times. */
  async function preparedAfterRepeats(preparedStatements: boolean): Promise<string[]> {
    const database = await createPostgresDatabase("prep");
    databases.push(database);
    const target = databaseTarget(database.url);
    await migrate(target);
    const db = await openDb(target, { poolSize: 1, preparedStatements });
    try {
      for (let i = 0; i < 3; i++) await db.sql.$queryRaw(sql`SELECT id FROM memory_stores WHERE id = ${`memstore_${i}`}`);
      await db.sqlTransaction((tx) => tx.$queryRaw(sql`SELECT id FROM memory_stores WHERE id = ${"memstore_tx"}`));
      const rows = await db.sql.$queryRaw<{ statement: string }[]>(sql`SELECT statement FROM pg_prepared_statements ORDER BY statement`);
      return rows.map((r) => r.statement);
    } finally {
      await db.close();
    }
  }

  it("parses a repeated statement once per connection, in and out of transactions", async () => {
    expect(await preparedAfterRepeats(true)).toEqual(["SELECT id FROM memory_stores WHERE id = $1"]);
  });

  it("prepares nothing when turned off (DATABASE_PREPARED_STATEMENTS=off)", async () => {
    expect(await preparedAfterRepeats(false)).toEqual([]);
  });
});
