import { beforeAll, describe, expect, it } from "vitest";
import { join as joinSql, raw, sql } from "../../lib/memory/sql.ts";
import { ENGINE, useFreshDatabase } from "../domain/database.ts";

/**
 * Rows written through Dialect.rowsToInsert (how bulk reports write their items; on PostgreSQL
 * one JSON value) read back exactly as the same rows bound one parameter per value: dates,
 * booleans, nulls, large integers, bigints, quotes, backslashes, emoji and an unpaired surrogate
 * (which pg sends as U+FFFD) alike.
 */
const t = useFreshDatabase();
const COLUMNS = ["id", "label", "n", "big", "flag", "at"] as const;

beforeAll(async () => {
  const [time, bool] = ENGINE === "postgres" ? ["TIMESTAMP(3)", "BOOLEAN"] : ["DATETIME", "BOOLEAN"];
  for (const table of ["by_parameters", "by_rows"]) {
    await t.db.sqlTransaction((tx) =>
      tx.$executeRaw(sql`CREATE TABLE ${raw(table)} (id TEXT PRIMARY KEY, label TEXT, n INTEGER, big BIGINT, flag ${raw(bool)}, at ${raw(time)})`),
    );
  }
});

const rows: Record<(typeof COLUMNS)[number], unknown>[] = [
  {
    id: "a",
    label: `quote " backslash \\ newline \n tab \t emoji 🧠 accent é`,
    n: 2 ** 31 - 1,
    big: 2n ** 52n + 1n,
    flag: true,
    at: new Date("2026-12-07T03:45:34.302Z"),
  },
  { id: "b", label: "unpaired \ud800 surrogate", n: -7, big: 0n, flag: false, at: null },
  { id: "c", label: null, n: null, big: null, flag: null, at: new Date(0) },
  { id: "d", label: "", n: 0, big: 12345678901234n, flag: true, at: new Date("1999-12-31T23:59:59.999Z") },
];

const readBack = async (table: string) =>
  (await t.db.sql.$queryRaw<Record<string, unknown>[]>(sql`SELECT ${raw(COLUMNS.join(", "))} FROM ${raw(table)} ORDER BY id`)).map((row) => ({
    ...row,
    // PostgreSQL answers a BIGINT and a timestamp in their own types; SQLite's text is compared as it is stored.
    big: row.big === null ? null : String(row.big),
    at: row.at instanceof Date ? row.at.toISOString() : row.at,
    flag: row.flag === null ? null : Boolean(row.flag),
  }));

describe(`rows written through the dialect (${ENGINE})`, () => {
  it("read back as the same rows bound value by value", async () => {
    await t.db.sqlTransaction(async (tx) => {
      await tx.$executeRaw(
        sql`INSERT INTO by_parameters (${raw(COLUMNS.join(", "))}) VALUES ${joinSql(rows.map((r) => sql`(${joinSql(COLUMNS.map((c) => r[c]))})`))}`,
      );
      await tx.$executeRaw(sql`INSERT INTO by_rows (${raw(COLUMNS.join(", "))}) ${t.db.dialect.rowsToInsert("by_rows", COLUMNS, rows)}`);
    });
    const byParameters = await readBack("by_parameters");
    expect(await readBack("by_rows")).toEqual(byParameters);
    expect(byParameters[0]).toMatchObject({ label: rows[0]!.label, n: 2 ** 31 - 1, big: String(2n ** 52n + 1n), flag: true });
  });
});
