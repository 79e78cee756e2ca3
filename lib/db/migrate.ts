import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "../config.ts";

/**
 * Applies the plain-SQL migrations in prisma/migrations/<engine>/ in name order, one
 * transaction per file, recording each in `_migrations` with a checksum. Prisma's own migrate
 * needs a schema-engine binary that cannot be downloaded here, so the app carries this one.
 * Safe to run from several processes at once: SQLite takes its write lock, PostgreSQL an
 * advisory lock, before looking at what is applied.
 */
export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(engine: DatabaseTarget["engine"]): string {
  return join(process.cwd(), "prisma", "migrations", engine);
}

export function loadMigrations(engine: DatabaseTarget["engine"]): Migration[] {
  const dir = migrationsDir(engine);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

function pending(migrations: Migration[], applied: Map<string, string>): Migration[] {
  for (const [name, checksum] of applied) {
    const file = migrations.find((m) => m.name === name);
    if (file && file.checksum !== checksum) {
      throw new Error(`Migration ${name} was changed after it was applied; add a new migration instead of editing it.`);
    }
  }
  return migrations.filter((m) => !applied.has(m.name));
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TEXT NOT NULL)`;

function migrateSqlite(file: string, migrations: Migration[]): string[] {
  mkdirSync(/*turbopackIgnore: true*/ dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 30_000 });
  try {
    db.pragma("journal_mode = WAL");
    db.exec(CREATE_TABLE);
    const done: string[] = [];
    for (;;) {
      db.exec("BEGIN IMMEDIATE");
      try {
        const applied = new Map(
          db
            .prepare(`SELECT name, checksum FROM "_migrations"`)
            .all()
            .map((r) => {
              const row = r as { name: string; checksum: string };
              return [row.name, row.checksum] as const;
            }),
        );
        const next = pending(migrations, applied)[0];
        if (!next) {
          db.exec("COMMIT");
          return done;
        }
        db.exec(next.sql);
        db.prepare(`INSERT INTO "_migrations" (name, checksum, applied_at) VALUES (?, ?, ?)`).run(next.name, next.checksum, new Date().toISOString());
        db.exec("COMMIT");
        done.push(next.name);
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    }
  } finally {
    db.close();
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lockKey = 0x6d656d63; // "memc": one advisory lock for every instance of this app
  try {
    await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "_migrations"`);
    const done: string[] = [];
    for (const migration of pending(migrations, new Map(rows.map((r) => [r.name, r.checksum])))) {
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO "_migrations" (name, checksum, applied_at) VALUES ($1, $2, $3)`, [
          migration.name,
          migration.checksum,
          new Date().toISOString(),
        ]);
        await client.query("COMMIT");
        done.push(migration.name);
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [lockKey]).catch(() => {});
    await client.end();
  }
}

/** Applies pending migrations; returns the names applied by this call. */
export async function migrate(target: DatabaseTarget): Promise<string[]> {
  const migrations = loadMigrations(target.engine);
  return target.engine === "sqlite" ? migrateSqlite(target.file, migrations) : migratePostgres(target.url, migrations);
}
