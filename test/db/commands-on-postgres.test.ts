import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, POSTGRES_ADMIN_URL } from "../helpers/postgres.ts";
import { ENGINE } from "../helpers/server.ts";

/**
 * The operator commands' PostgreSQL branches: backup and restore are SQLite's (a file copy) and
 * point a PostgreSQL user at pg_dump / pg_restore, changing nothing; db:migrate and db:compact
 * run (test/db/compact-postgres.test.ts checks what compaction does).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const command = (name: string, args: string[], databaseUrl: string) =>
  spawnSync(process.execPath, [resolve(ROOT, "scripts/cli.mjs"), name, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });

describe.skipIf(ENGINE !== "postgres")("operator commands on PostgreSQL", () => {
  it("backup and restore name pg_dump and pg_restore, and exit 2", async () => {
    const url = POSTGRES_ADMIN_URL;
    const backup = command("backup", ["--out", "/tmp/never-written.db"], url);
    expect([backup.status, backup.stderr]).toEqual([2, expect.stringContaining("pg_dump")]);
    const restore = command("restore", ["/tmp/never-read.db"], url);
    expect([restore.status, restore.stderr]).toEqual([2, expect.stringContaining("pg_restore")]);
  });

  it("db:migrate and db:compact run on a fresh database", { timeout: 120_000 }, async () => {
    const database = await createPostgresDatabase("commands");
    try {
      const migrated = command("db-migrate", [], database.url);
      expect([migrated.status, migrated.stdout], migrated.stderr).toEqual([0, expect.stringContaining("PostgreSQL")]);
      const compacted = command("compact", [], database.url);
      expect([compacted.status, compacted.stdout], compacted.stderr).toEqual([0, expect.stringContaining("the PostgreSQL database")]);
    } finally {
      await database.drop();
    }
  });
});
