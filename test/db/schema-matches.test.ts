import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget, type DatabaseTarget } from "../../lib/config.ts";
import { loadMigrations, migrate } from "../../lib/db/migrate.ts";
import { openRawDb, type RawDb } from "../helpers/database.ts";
import { createPostgresDatabase, type TestDatabase } from "../helpers/postgres.ts";
import { ENGINE } from "../helpers/server.ts";
import { parsePrismaSchema } from "./prisma-schema.ts";
import { actualShape, expectedShape, SEARCH_INDEX } from "./schema-shapes.ts";

/**
 * The SQL migrations in prisma/migrations/<engine>/ must build exactly the database that
 * prisma/schema.prisma describes (the generated clients trust it), on the engine under test.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const SCHEMA = readFileSync(join(ROOT, "prisma/schema.prisma"), "utf8");

interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

async function freshDatabase(): Promise<FreshDatabase> {
  if (ENGINE === "postgres") {
    const db: TestDatabase = await createPostgresDatabase("schema");
    return db;
  }
  const dir = mkdtempSync(join(tmpdir(), "memc-schema-"));
  return { url: `file:${join(dir, "schema.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** `npm run db:migrate`'s script, run as a separate process in `cwd` (whose prisma/migrations it applies). */
function migrateCli(databaseUrl: string, options: { cwd?: string; offline?: boolean } = {}) {
  const command = options.cwd ? [join(ROOT, "node_modules/.bin/tsx"), join(ROOT, "scripts/db-migrate.ts")] : ["npm", "run", "--silent", "db:migrate"];
  // Without network: a fresh network namespace with no interfaces up, where anything that
  // tried to download (Prisma's schema engine, for one) would fail.
  const argv = options.offline ? ["unshare", "--map-root-user", "--net", ...command] : command;
  return spawnSync(argv[0]!, argv.slice(1), {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    timeout: 60_000,
  });
}

const canGoOffline = spawnSync("unshare", ["--map-root-user", "--net", "true"]).status === 0;

describe(`migrations on ${ENGINE}`, () => {
  let database: FreshDatabase;
  let target: DatabaseTarget;
  let raw: RawDb;
  let applied: string[];

  beforeAll(async () => {
    database = await freshDatabase();
    target = databaseTarget(database.url);
    applied = await migrate(target);
    raw = await openRawDb(database.url);
  });
  afterAll(async () => {
    await raw?.close();
    await database?.drop();
  });

  it("apply every migration to a fresh database", () => {
    expect(applied).toEqual(loadMigrations(target.engine).map((m) => m.name));
  });

  it("build exactly the tables, columns, keys and indexes of prisma/schema.prisma", async () => {
    const expected = expectedShape(parsePrismaSchema(SCHEMA), ENGINE);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(await actualShape(raw)).toEqual(expected);
  });

  it("build the search index that prisma/schema.prisma cannot describe", async () => {
    if (ENGINE === "sqlite") {
      const objects = await raw.query<{ type: string; name: string; sql: string }>(
        `SELECT type, name, sql FROM sqlite_master WHERE name LIKE 'search%' AND type IN ('table', 'trigger') ORDER BY name`,
      );
      const named = (type: string) => objects.filter((o) => o.type === type).map((o) => o.name);
      expect(named("table")).toEqual(expect.arrayContaining([...SEARCH_INDEX.sqliteTables]));
      expect(named("trigger")).toEqual([...SEARCH_INDEX.sqliteTriggers]);
      expect(objects.find((o) => o.name === "search_exact")?.sql).toMatch(/tokenize='trigram'/);
      return;
    }
    const indexes = await raw.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'memory_versions' AND indexdef LIKE '%USING gin%' ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([...SEARCH_INDEX.postgresIndexes]);
    // Partial: an import's versions wait outside them (search_pending), reached through their own index.
    for (const index of indexes) expect(index.indexdef).toMatch(/WHERE \(NOT search_pending\)$/);
    const [pending] = await raw.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = ?`, [SEARCH_INDEX.postgresPendingIndex]);
    expect(pending?.indexdef).toMatch(/ON public\.memory_versions USING btree \(id\) WHERE search_pending$/);
    const [extension] = await raw.query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(extension?.extname).toBe("pg_trgm");
  });

  it.runIf(ENGINE === "postgres")('give memories.path the byte-order collation "C" (paths sort and compare as on SQLite)', async () => {
    const [column] = await raw.query<{ collation_name: string | null }>(
      `SELECT collation_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'memories' AND column_name = 'path'`,
    );
    expect(column?.collation_name).toBe("C");
  });

  it("apply nothing the second time", async () => {
    expect(await migrate(target)).toEqual([]);
    const applied = await raw.query<{ name: string }>(`SELECT name FROM "_migrations" ORDER BY name`);
    expect(applied.map((r) => r.name)).toEqual(loadMigrations(target.engine).map((m) => m.name));
  });

  it("refuse a migration that was edited after it was applied", async () => {
    const copy = mkdtempSync(join(tmpdir(), "memc-edited-"));
    try {
      cpSync(join(ROOT, "prisma/migrations"), join(copy, "prisma/migrations"), { recursive: true });
      const [first] = loadMigrations(target.engine);
      appendFileSync(join(copy, "prisma/migrations", target.engine, first!.name), "\n-- an edit after the fact\n");
      const run = migrateCli(database.url, { cwd: copy });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`Migration ${first!.name} was changed after it was applied`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it(`npm run db:migrate sets up a fresh database${ENGINE === "sqlite" && canGoOffline ? " without network access" : ""}`, async () => {
    const fresh = await freshDatabase();
    try {
      const run = migrateCli(fresh.url, { offline: ENGINE === "sqlite" && canGoOffline });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^applied 0001_init\.sql/);
      const db = await openRawDb(fresh.url);
      try {
        expect(await actualShape(db)).toEqual(expectedShape(parsePrismaSchema(SCHEMA), ENGINE));
      } finally {
        await db.close();
      }
      expect(migrateCli(fresh.url).stdout).toMatch(/is up to date/);
    } finally {
      await fresh.drop();
    }
  });
});

describe("the schema reader", () => {
  it("reads every model of prisma/schema.prisma", () => {
    const schema = parsePrismaSchema(SCHEMA);
    expect(schema.models.map((m) => m.table)).toEqual([
      "memory_stores",
      "memories",
      "memory_versions",
      "memory_reads",
      "review_items",
      "review_decisions",
      "api_keys",
      "oauth_clients",
      "oauth_codes",
      "oauth_tokens",
      "users",
      "sign_in_failures",
      "app_settings",
      "erasures",
      "erasure_items",
      "imports",
      "import_items",
      "webhook_endpoints",
      "webhook_events",
      "webhook_deliveries",
      "bulk_deletions",
      "bulk_deletion_items",
      "restores",
      "restore_items",
      "reverts",
      "revert_items",
      "review_batch_undos",
      "review_batch_undo_items",
      "audit_events",
      "audit_chain_head",
      "workspaces",
      "workspace_members",
      "invites",
      "store_archivals",
      "store_archival_items",
      "store_deletions",
      "store_deletion_items",
      "store_usage_days",
      "deleted_stores",
      "store_batches",
      "store_batch_items",
    ]);
    const memories = schema.models.find((m) => m.table === "memories")!;
    expect(memories.uniques).toEqual([{ fields: ["storeId", "path"] }]);
    expect(memories.fields.find((f) => f.name === "store")?.relation).toEqual({ fields: ["storeId"], references: ["id"], onDelete: "Cascade" });
  });

  it("refuses what it cannot check instead of skipping it", () => {
    expect(() => parsePrismaSchema("model A {\n  id String @id @db.VarChar(20)\n}\n")).toThrow(/Unsupported attribute @db.VarChar/);
    expect(() => parsePrismaSchema("model A {\n  id String @id\n  tags String[]\n}\n")).toThrow(/Scalar lists/);
    expect(() => parsePrismaSchema("model A {\n  id String @id\n  @@index([id(sort: Desc)])\n}\n")).toThrow(/not supported/);
  });
});
