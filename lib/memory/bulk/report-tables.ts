/**
 * A bulk operation's two tables — its plan or report row, and its items — declared once as a
 * column list and a row mapper each; every statement on them (the batched INSERT of items, the
 * updates an execution makes, the reads, the newest-first listing) is written here, for every
 * operation. Table and column names are the code's own constants, written into the SQL as they
 * are; every value is a bound parameter.
 */
import { type Dialect, type Sql, empty, join, raw, sql, type SqlClient } from "../db.ts";
import { notFound } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { writeLater } from "../write-later.ts";

/** Items written per INSERT statement, between which others may run. */
const ITEMS_PER_STATEMENT = 200;

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a table or column name: ${name}`);
  return name;
}
const names = (columns: readonly string[]) => raw(columns.map(identifier).join(", "));

/** `column = value, …`: the columns are the code's own names, the values bound parameters. */
export function assignments(values: Readonly<Record<string, unknown>>): Sql {
  return join(
    Object.entries(values).map(([column, value]) => sql`${raw(identifier(column))} = ${value}`),
    ", ",
  );
}

export interface TableDefinition<Value, Row extends object> {
  /** The table's name. */
  name: string;
  /** Every column, in the order rows are written and read. */
  columns: readonly (keyof Row & string)[];
  toRow(value: Value): Row;
  fromRow(row: Row): Value;
}

/** A table as the statements below use it; its row type stays inside (defineTable). */
export interface Table<Value> {
  readonly name: string;
  readonly sqlName: Sql;
  /** The column list, for SELECT and INSERT. */
  readonly columns: Sql;
  /** One row's values in column order: `…, …` (without the parentheses). */
  cells(value: Value): Sql;
  /** The column names, checked, in the order `columns` lists them. */
  readonly columnNames: readonly string[];
  /** One row's values keyed by column. */
  row(value: Value): Readonly<Record<string, unknown>>;
  fromRow(row: unknown): Value;
  /** The value's row, column by column. */
  column(value: Value, column: string): unknown;
}

export function defineTable<Value, Row extends object>(definition: TableDefinition<Value, Row>): Table<Value> {
  const sqlName = raw(identifier(definition.name));
  const columns = names(definition.columns);
  const cell = (row: Row, column: string): unknown => {
    if (!(definition.columns as readonly string[]).includes(column)) throw new Error(`${definition.name} has no column ${column}`);
    return row[column as keyof Row];
  };
  return {
    name: definition.name,
    sqlName,
    columns,
    cells(value) {
      const row = definition.toRow(value);
      return join(definition.columns.map((c) => row[c]));
    },
    columnNames: definition.columns,
    row: (value) => definition.toRow(value) as Readonly<Record<string, unknown>>,
    // Rows come from `SELECT ${columns}` of this very table: they have the row's shape.
    fromRow: (row) => definition.fromRow(row as Row),
    column: (value, column) => cell(definition.toRow(value), column),
  };
}

export interface ItemTableDefinition<Item, Row extends object> extends TableDefinition<Item, Row> {
  /** The column naming the plan or report an item belongs to (not among `columns`). */
  planColumn: string;
  /** The column that tells an item apart within its plan (the primary key with `planColumn`). */
  keyColumn: keyof Row & string;
  /** The columns an execution fills in on the items it carried out. */
  resultColumns: readonly (keyof Row & string)[];
  /** The order items are read, and so carried out, in. */
  orderBy: readonly ((keyof Row & string) | `${keyof Row & string} DESC`)[];
}

export interface ItemTable<Item> extends Table<Item> {
  readonly planColumn: Sql;
  readonly planColumnName: string;
  readonly orderBy: Sql;
  /** The item's key within its plan. */
  key(item: Item): string;
  readonly resultColumns: readonly string[];
  readonly keyColumn: Sql;
  /** An item as read back after updateItems recorded `done`'s results on it (its other columns as they were). */
  withResults(item: Item, done: Item): Item;
  /** The item's key and result columns' values, in `resultColumns`' order (one row built, not one per column). */
  keyAndResults(item: Item): { key: unknown; results: unknown[] };
}

export function defineItemTable<Item, Row extends object>(definition: ItemTableDefinition<Item, Row>): ItemTable<Item> {
  const table = defineTable(definition);
  return {
    ...table,
    planColumn: raw(identifier(definition.planColumn)),
    planColumnName: identifier(definition.planColumn),
    keyColumn: raw(identifier(definition.keyColumn)),
    orderBy: raw(definition.orderBy.map((o) => (o.endsWith(" DESC") ? `${identifier(o.slice(0, -5))} DESC` : identifier(o))).join(", ")),
    resultColumns: definition.resultColumns,
    key: (item) => String(table.column(item, definition.keyColumn)),
    keyAndResults: (item) => {
      const row = definition.toRow(item);
      return { key: row[definition.keyColumn], results: definition.resultColumns.map((column) => row[column]) };
    },
    withResults: (item, done) => {
      const row = definition.toRow(item);
      const results = definition.toRow(done);
      for (const column of definition.resultColumns) row[column] = results[column];
      return definition.fromRow(row);
    },
  };
}

/**
 * One row by id in a workspace, or the not-found error naming it (`Erasure erasure_… not found.`):
 * a row of another workspace answers exactly as one that does not exist.
 */
export async function getRow<Value>(client: SqlClient, table: Table<Value>, id: string, noun: string, workspaceId: string): Promise<Value> {
  const [row] = await client.$queryRaw<unknown[]>`SELECT ${table.columns} FROM ${table.sqlName} WHERE id = ${id} AND workspace_id = ${workspaceId}`;
  if (!row) throw notFound(`${noun} ${id} not found.`);
  return table.fromRow(row);
}

/**
 * Rows newest first (ids are time-ordered, so the cursor is the last id), `limit` of them and
 * whether more follow, of one workspace, narrowed by `where` (a store-limited key's stores, say).
 */
export async function listRows<Value extends { id: string }>(
  client: SqlClient,
  table: Table<Value>,
  input: { limit: number; afterId?: string; workspaceId: string; where?: readonly Sql[] },
): Promise<{ items: Value[]; nextAfterId: string | null }> {
  const where = [sql`workspace_id = ${input.workspaceId}`, ...(input.afterId ? [sql`id < ${input.afterId}`] : []), ...(input.where ?? [])];
  const filter = where.length ? sql`WHERE ${join(where, " AND ")}` : empty;
  const rows = await client.$queryRaw<unknown[]>`SELECT ${table.columns} FROM ${table.sqlName} ${filter} ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map((row) => table.fromRow(row));
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}

/** Writes one row (a plan when its dry run is recorded, or a report written whole). */
export async function insertRow<Value>(tx: SqlClient, table: Table<Value>, value: Value): Promise<void> {
  await tx.$executeRaw`INSERT INTO ${table.sqlName} (${table.columns}) VALUES (${table.cells(value)})`;
}

/**
 * Writes items of a plan or report, a batch of rows per statement (Dialect.rowsToInsert: on
 * PostgreSQL one JSON value), letting other requests run between batches: a dry run of 10,000 items
 * is 50 statements, which on SQLite otherwise held the server for the whole transaction (reads
 * go on meanwhile; other writes wait their turn).
 */
export async function insertItems<Item>(tx: SqlClient, dialect: Dialect, table: ItemTable<Item>, planId: string, items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += ITEMS_PER_STATEMENT) {
    if (i > 0) await letOthersRun();
    const rows = items.slice(i, i + ITEMS_PER_STATEMENT).map((item) => ({ ...table.row(item), [table.planColumnName]: planId }));
    await tx.$executeRaw`INSERT INTO ${table.sqlName} (${table.planColumn}, ${table.columns})
      ${dialect.rowsToInsert(table.name, [table.planColumnName, ...table.columnNames], rows)}`;
  }
}

/** Items whose results one UPDATE records: each takes one bound value per result column and its key twice. */
const UPDATES_PER_STATEMENT = 100;

/**
 * Records what an execution did to items (their result columns), in the caller's transaction:
 * one UPDATE per batch of items, joined to the batch as a VALUES list on the item's key (on
 * PostgreSQL a CASE per column with a branch per item cost ~8 ms for 100 items of five result
 * columns, where the join is an index lookup per item). A VALUES column takes its type from its
 * values, so a number key is cast to an integer (PostgreSQL reads an unknown parameter as text)
 * and a boolean result is written as the literal TRUE or FALSE, the same on both engines. Sent
 * with writeLater: nothing can refuse a report's result, and on PostgreSQL it travels with the
 * transaction's COMMIT. The items' keys are named in the WHERE as well: PostgreSQL's statistics
 * of a plan just written (a dry run's 10,000 items, not analysed yet) estimate a few dozen rows
 * for the plan, and it then joined all of them to the batch by hash (~4 ms a batch); with the keys
 * it reads the batch's own rows from the primary key whatever it estimates.
 */
export async function updateItems<Item>(tx: SqlClient, table: ItemTable<Item>, planId: string, items: readonly Item[]): Promise<void> {
  if (table.resultColumns.length === 0) return; // a report written whole (an import's) has nothing filled in later
  const set = join(
    table.resultColumns.map((column, n) => sql`${raw(identifier(column))} = v.${raw(`column${n + 2}`)}`),
    ", ",
  );
  const keyValue = (key: unknown) => (typeof key === "number" ? sql`CAST(${key} AS INTEGER)` : sql`${key}`);
  for (let i = 0; i < items.length; i += UPDATES_PER_STATEMENT) {
    if (i > 0) await letOthersRun();
    const batch = items.slice(i, i + UPDATES_PER_STATEMENT).map((item) => table.keyAndResults(item));
    const rows = batch.map(({ key, results }) => sql`(${keyValue(key)}, ${join(results.map(resultValue))})`);
    await writeLater(
      tx,
      sql`UPDATE ${table.sqlName} SET ${set} FROM (VALUES ${join(rows)}) AS v
      WHERE ${table.sqlName}.${table.planColumn} = ${planId} AND ${table.sqlName}.${table.keyColumn} IN (${join(batch.map(({ key }) => keyValue(key)))})
        AND ${table.sqlName}.${table.keyColumn} = v.column1`,
    );
  }
}

const resultValue = (value: unknown): Sql => (typeof value === "boolean" ? raw(value ? "TRUE" : "FALSE") : sql`${value}`);

/** Every item of a plan or report, in the table's order. */
export async function getItems<Item>(client: SqlClient, table: ItemTable<Item>, planId: string): Promise<Item[]> {
  const rows = await client.$queryRaw<unknown[]>`SELECT ${table.columns} FROM ${table.sqlName} WHERE ${table.planColumn} = ${planId} ORDER BY ${table.orderBy}`;
  // Rows into items a few thousand at a time, with turns for other requests between (10,000 at once held the event loop ~60 ms besides the read).
  const items: Item[] = [];
  for (let i = 0; i < rows.length; i += ITEMS_PER_TURN) {
    if (i > 0) await letOthersRun();
    for (const row of rows.slice(i, i + ITEMS_PER_TURN)) items.push(table.fromRow(row));
  }
  return items;
}

const ITEMS_PER_TURN = 2_000;
