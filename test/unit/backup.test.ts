import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupSqlite } from "../../lib/db/backup.ts";
import { openDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { openRawDb } from "../helpers/database.ts";
import { problemsSeenInDatabase } from "../helpers/invariants.ts";

// npm run backup / npm run restore on a real SQLite file while another process keeps writing.
const ROOT = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "memc-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function npmScript(script: "backup" | "restore", args: string[], databaseFile: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, `scripts/${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function memoryCount(file: string): Promise<number> {
  const db = await openRawDb(`file:${file}`);
  try {
    const [row] = await db.query<{ n: number }>("SELECT count(*) AS n FROM memories");
    return Number(row!.n);
  } finally {
    await db.close();
  }
}

describe("backup and restore (SQLite)", () => {
  const live = join(dir, "live.db");
  const backup = join(dir, "backups", "first.db");

  // Each script runs in its own tsx process (seconds each on a busy 2-core machine).
  it("backs up a consistent copy while writes continue", { timeout: 180_000 }, async () => {
    await migrate({ engine: "sqlite", file: live });
    const db = await openDb({ engine: "sqlite", file: live });
    const store = await createStore(db, { name: "Backed up" });
    await db.close();
    const writer = spawn(process.execPath, ["--import", "tsx", join(ROOT, "test/unit/backup-writer.ts"), live, store.id], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((ok) => writer.once("exit", ok));
    try {
      await new Promise<void>((ok) => writer.stdout!.once("data", () => ok()));
      while ((await memoryCount(live)) < 40) await new Promise((r) => setTimeout(r, 50));
      const before = await memoryCount(live);
      const made = npmScript("backup", ["--out", backup], live);
      const after = await memoryCount(live);
      expect(made, made.output).toMatchObject({ status: 0 });
      expect(made.output).toContain("integrity check ok");
      // The copy is one moment of the live database: between what was there before and after, and whole.
      const copied = await memoryCount(backup);
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(after);
      expect(after).toBeGreaterThan(before); // the writer really was writing during the backup
      expect(await problemsSeenInDatabase(`file:${backup}`)).toEqual([]);
      await expect(backupSqlite(live, backup)).rejects.toThrow(/already exists/); // never overwrites a backup
    } finally {
      writer.kill("SIGTERM");
      await exited;
    }
  });

  it("restores into a new location, and over a live database only with --force", { timeout: 180_000 }, async () => {
    const copied = await memoryCount(backup);
    const fresh = join(dir, "restored", "new.db");
    expect(npmScript("restore", [backup], fresh)).toMatchObject({ status: 0 });
    expect(await memoryCount(fresh)).toBe(copied);
    expect(await problemsSeenInDatabase(`file:${fresh}`)).toEqual([]);

    const liveCount = await memoryCount(live);
    expect(liveCount).toBeGreaterThan(copied);
    const refused = npmScript("restore", [backup], live);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("--force");
    expect(await memoryCount(live)).toBe(liveCount);

    expect(npmScript("restore", [backup, "--force"], live)).toMatchObject({ status: 0 });
    expect(await memoryCount(live)).toBe(copied);
    expect(await problemsSeenInDatabase(`file:${live}`)).toEqual([]);
  });

  it("refuses a file that is not a Memory Console database, and leaves no partial backup behind", async () => {
    const junk = join(dir, "junk.db");
    const other = new (await import("better-sqlite3")).default(junk);
    other.exec("CREATE TABLE t (x)");
    other.close();
    const refused = npmScript("restore", [junk], join(dir, "target.db"));
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("not a Memory Console database");
    expect(existsSync(join(dir, "target.db"))).toBe(false);
  });
});
