import type { RawDb } from "../helpers/database.ts";
import type { PrismaModel, PrismaSchema } from "./prisma-schema.ts";

/**
 * One shape for "what the tables look like", built two ways: from prisma/schema.prisma as
 * Prisma would create it on each engine, and read back from a migrated database. The test
 * compares the two with toEqual, so a drift shows up as a readable diff.
 */
export interface ColumnShape {
  type: string;
  nullable: boolean;
  default: string | null;
}
export interface ForeignKeyShape {
  /** PostgreSQL only: SQLite does not report constraint names. */
  name?: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
}
export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: { name?: string; columns: string[] };
  indexes: Record<string, { columns: string[]; unique: boolean }>;
  foreignKeys: Record<string, ForeignKeyShape>;
}
export type DatabaseShape = Record<string, TableShape>;
type Engine = "sqlite" | "postgres";

const COLUMN_TYPES: Record<Engine, Record<string, string>> = {
  sqlite: { String: "TEXT", Int: "INTEGER", BigInt: "BIGINT", Float: "REAL", Boolean: "BOOLEAN", DateTime: "DATETIME", Bytes: "BLOB" },
  postgres: {
    String: "text",
    Int: "integer",
    BigInt: "bigint",
    Float: "double precision",
    Boolean: "boolean",
    DateTime: "timestamp(3)",
    Bytes: "bytea",
    Json: "jsonb",
    Decimal: "numeric(65,30)",
  },
};
const REFERENTIAL_ACTIONS: Record<string, string> = {
  Cascade: "CASCADE",
  Restrict: "RESTRICT",
  NoAction: "NO ACTION",
  SetNull: "SET NULL",
  SetDefault: "SET DEFAULT",
};

const fkKey = (columns: string[], table: string) => `(${columns.join(", ")}) -> ${table}`;

/** A Prisma @default(...) as the SQL default Prisma writes, or null when the client fills it in. */
function sqlDefault(expression: string | null): string | null {
  if (expression === null) return null;
  if (expression.startsWith('"')) return `'${(JSON.parse(expression) as string).replaceAll("'", "''")}'`;
  if (/^-?\d+(\.\d+)?$/.test(expression) || expression === "true" || expression === "false") return expression;
  if (expression === "now()") return "CURRENT_TIMESTAMP";
  if (/^(uuid|cuid|ulid|nanoid)\(\d*\)$/.test(expression)) return null;
  const generated = /^dbgenerated\(("(?:[^"\\]|\\.)*")\)$/.exec(expression);
  if (generated) return JSON.parse(generated[1]!) as string;
  throw new Error(`@default(${expression}) is not supported by the schema check; extend sqlDefault.`);
}

function columnOf(model: PrismaModel, field: string): string {
  const found = model.fields.find((f) => f.name === field);
  if (!found) throw new Error(`${model.name} has no field ${field}`);
  return found.column;
}

/** The database Prisma would create from the schema on this engine. */
export function expectedShape(schema: PrismaSchema, engine: Engine): DatabaseShape {
  const models = new Map(schema.models.map((m) => [m.name, m]));
  const shape: DatabaseShape = {};
  for (const model of schema.models) {
    const table: TableShape = { columns: {}, primaryKey: { columns: [] }, indexes: {}, foreignKeys: {} };
    for (const field of model.fields) {
      if (models.has(field.type)) {
        if (field.relation && field.relation.fields.length > 0) {
          const target = models.get(field.type)!;
          const columns = field.relation.fields.map((f) => columnOf(model, f));
          table.foreignKeys[fkKey(columns, target.table)] = {
            ...(engine === "postgres" && { name: field.relation.name ?? `${model.table}_${columns.join("_")}_fkey` }),
            columns,
            referencedTable: target.table,
            referencedColumns: field.relation.references.map((f) => columnOf(target, f)),
            onDelete: REFERENTIAL_ACTIONS[field.relation.onDelete ?? (field.optional ? "SetNull" : "Restrict")]!,
            onUpdate: REFERENTIAL_ACTIONS[field.relation.onUpdate ?? "Cascade"]!,
          };
        }
        continue;
      }
      if (schema.enums.includes(field.type)) throw new Error(`Enum columns are not supported by the schema check (${model.name}.${field.name}).`);
      const type = COLUMN_TYPES[engine][field.type];
      if (!type) throw new Error(`No ${engine} column type known for ${field.type} (${model.name}.${field.name}); extend COLUMN_TYPES.`);
      table.columns[field.column] = { type, nullable: field.optional, default: sqlDefault(field.default) };
      if (field.unique) table.indexes[field.unique.name ?? `${model.table}_${field.column}_key`] = { columns: [field.column], unique: true };
    }
    const idFields = model.id ?? model.fields.filter((f) => f.id).map((f) => f.name);
    table.primaryKey = { ...(engine === "postgres" && { name: `${model.table}_pkey` }), columns: idFields.map((f) => columnOf(model, f)) };
    for (const unique of model.uniques) {
      const columns = unique.fields.map((f) => columnOf(model, f));
      table.indexes[unique.name ?? `${model.table}_${columns.join("_")}_key`] = { columns, unique: true };
    }
    for (const index of model.indexes) {
      const columns = index.fields.map((f) => columnOf(model, f));
      table.indexes[index.name ?? `${model.table}_${columns.join("_")}_idx`] = { columns, unique: false };
    }
    shape[model.table] = table;
  }
  return shape;
}

/** Tables the migrator owns, not the schema. */
const MIGRATOR_TABLES = new Set(["_migrations"]);

/**
 * The search index (migrations 0004_search, 0009_search_pending), which prisma/schema.prisma
 * cannot describe: on SQLite a key table and two FTS5 tables (each with shadow tables named
 * after it), on PostgreSQL partial GIN indexes on memory_versions, the column that leaves an
 * import's versions out of them, and that column's own index. Left out of the shape comparison
 * and checked by name in schema-matches.test.ts.
 */
export const SEARCH_INDEX = {
  sqliteTables: ["search_keys", "search_words", "search_exact", "search_purge", "search_pending"],
  sqliteTriggers: ["search_versions_delete", "search_versions_insert", "search_versions_update"],
  postgresIndexes: ["search_versions_content_trgm_idx", "search_versions_path_trgm_idx", "search_versions_words_idx"],
  postgresPendingColumn: "search_pending",
  postgresPendingIndex: "search_versions_pending_idx",
} as const;
const isPostgresSearchIndex = (name: string) =>
  (SEARCH_INDEX.postgresIndexes as readonly string[]).includes(name) || name === SEARCH_INDEX.postgresPendingIndex;
const isSearchTable = (name: string) => SEARCH_INDEX.sqliteTables.some((t) => name === t || name.startsWith(`${t}_`));

async function sqliteShape(db: RawDb): Promise<DatabaseShape> {
  const shape: DatabaseShape = {};
  const tables = await db.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`);
  for (const { name } of tables.filter((t) => !MIGRATOR_TABLES.has(t.name) && !isSearchTable(t.name))) {
    const table: TableShape = { columns: {}, primaryKey: { columns: [] }, indexes: {}, foreignKeys: {} };
    const columns = await db.query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(`PRAGMA table_info("${name}")`);
    for (const c of columns) table.columns[c.name] = { type: c.type, nullable: c.notnull === 0 && c.pk === 0, default: c.dflt_value };
    table.primaryKey.columns = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    for (const index of await db.query<{ name: string; unique: number; origin: string; partial: number }>(`PRAGMA index_list("${name}")`)) {
      if (index.origin === "pk") continue; // the implicit index of a TEXT primary key
      const info = await db.query<{ seqno: number; name: string }>(`PRAGMA index_info("${index.name}")`);
      const indexColumns = info.sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
      table.indexes[index.name] = { columns: index.partial ? [...indexColumns, "(partial)"] : indexColumns, unique: index.unique === 1 };
    }
    const fks = await db.query<{ id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string }>(
      `PRAGMA foreign_key_list("${name}")`,
    );
    for (const id of new Set(fks.map((f) => f.id))) {
      const parts = fks.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
      const columns = parts.map((p) => p.from);
      table.foreignKeys[fkKey(columns, parts[0]!.table)] = {
        columns,
        referencedTable: parts[0]!.table,
        referencedColumns: parts.map((p) => p.to),
        onDelete: parts[0]!.on_delete,
        onUpdate: parts[0]!.on_update,
      };
    }
    shape[name] = table;
  }
  return shape;
}

function postgresType(c: {
  data_type: string;
  datetime_precision: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  udt_name: string;
}) {
  if (c.data_type === "timestamp without time zone") return `timestamp(${c.datetime_precision})`;
  if (c.data_type === "numeric") return `numeric(${c.numeric_precision},${c.numeric_scale})`;
  if (c.data_type === "USER-DEFINED") return c.udt_name;
  return c.data_type;
}

/** '{}'::text → '{}': PostgreSQL reports literal defaults with a cast Prisma's schema does not spell. */
const stripCast = (value: string | null) => (value === null ? null : value.replace(/::[a-z ]+(\(\d+(,\d+)?\))?(\[\])?$/, ""));

async function postgresShape(db: RawDb): Promise<DatabaseShape> {
  const shape: DatabaseShape = {};
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  for (const { table_name: name } of tables.filter((t) => !MIGRATOR_TABLES.has(t.table_name))) {
    const table: TableShape = { columns: {}, primaryKey: { columns: [] }, indexes: {}, foreignKeys: {} };
    const columns = await db.query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      datetime_precision: number | null;
      numeric_precision: number | null;
      numeric_scale: number | null;
      udt_name: string;
    }>(
      `SELECT column_name, data_type, is_nullable, column_default, datetime_precision, numeric_precision, numeric_scale, udt_name
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position`,
      [name],
    );
    for (const c of columns) {
      if (name === "memory_versions" && c.column_name === SEARCH_INDEX.postgresPendingColumn) continue;
      table.columns[c.column_name] = { type: postgresType(c), nullable: c.is_nullable === "YES", default: stripCast(c.column_default) };
    }
    const constraints = await db.query<{ constraint_name: string; constraint_type: string }>(
      `SELECT constraint_name, constraint_type FROM information_schema.table_constraints
       WHERE table_schema = 'public' AND table_name = ? AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')`,
      [name],
    );
    const keyColumns = (constraint: string) =>
      db.query<{ column_name: string; position_in_unique_constraint: number | null }>(
        `SELECT column_name, position_in_unique_constraint FROM information_schema.key_column_usage
         WHERE table_schema = 'public' AND constraint_name = ? ORDER BY ordinal_position`,
        [constraint],
      );
    for (const c of constraints) {
      const own = await keyColumns(c.constraint_name);
      if (c.constraint_type === "PRIMARY KEY") {
        table.primaryKey = { name: c.constraint_name, columns: own.map((k) => k.column_name) };
        continue;
      }
      const [rule] = await db.query<{ unique_constraint_name: string; update_rule: string; delete_rule: string }>(
        `SELECT unique_constraint_name, update_rule, delete_rule FROM information_schema.referential_constraints
         WHERE constraint_schema = 'public' AND constraint_name = ?`,
        [c.constraint_name],
      );
      const [target] = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.table_constraints WHERE table_schema = 'public' AND constraint_name = ?`,
        [rule!.unique_constraint_name],
      );
      const referenced = await keyColumns(rule!.unique_constraint_name);
      const columns = own.map((k) => k.column_name);
      table.foreignKeys[fkKey(columns, target!.table_name)] = {
        name: c.constraint_name,
        columns,
        referencedTable: target!.table_name,
        referencedColumns: own.map((k) => referenced[(k.position_in_unique_constraint ?? 1) - 1]!.column_name),
        onDelete: rule!.delete_rule,
        onUpdate: rule!.update_rule,
      };
    }
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ?`,
      [name],
    );
    for (const index of indexes) {
      if (index.indexname === table.primaryKey.name || isPostgresSearchIndex(index.indexname)) continue;
      const definition = /^CREATE (UNIQUE )?INDEX \S+ ON \S+ USING btree \((.+)\)( WHERE .+)?$/.exec(index.indexdef);
      if (!definition) throw new Error(`Cannot read index definition: ${index.indexdef}`);
      const indexColumns = definition[2]!.split(", ").map((c) => c.split(" ")[0]!.replaceAll('"', ""));
      table.indexes[index.indexname] = { columns: definition[3] ? [...indexColumns, "(partial)"] : indexColumns, unique: !!definition[1] };
    }
    shape[name] = table;
  }
  return shape;
}

/** The tables of a migrated database, read from the catalog. */
export function actualShape(db: RawDb): Promise<DatabaseShape> {
  return db.engine === "sqlite" ? sqliteShape(db) : postgresShape(db);
}
