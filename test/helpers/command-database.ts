import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { ENGINE } from "../domain/database.ts";
import { createPostgresDatabase } from "./postgres.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * An operator command's test database: a fresh migrated one of TEST_ENGINE for the file (a
 * scratch folder beside it for the command's files), open here to arrange and check, and the
 * command run as an operator runs it (`node scripts/cli.mjs <name>`) with DATABASE_URL naming it.
 */
export function useCommandDatabase(label: string) {
  let db: OpenDb | undefined;
  let url = "";
  let drop: () => Promise<void> = async () => {};
  const dir = mkdtempSync(join(tmpdir(), `memc-${label}-`));
  beforeAll(async () => {
    let target: DatabaseTarget;
    if (ENGINE === "postgres") {
      const database = await createPostgresDatabase(label.replace(/[^a-z]/g, ""));
      target = { engine: "postgres", url: database.url };
      url = database.url;
      drop = () => database.drop();
    } else {
      target = { engine: "sqlite", file: join(dir, "memory-console.db") };
      url = `file:${target.file}`;
    }
    await migrate(target);
    db = await openDb(target);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get db(): OpenDb {
      if (!db) throw new Error("the command's database is opened in beforeAll");
      return db;
    },
    /** A folder for the command's input files, removed after the file. */
    dir,
    run: (command: string, ...args: string[]) =>
      spawnSync(process.execPath, [resolve(ROOT, "scripts/cli.mjs"), command, ...args], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: url },
      }),
  };
}
