import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { ENGINE } from "../domain/database.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";

/** `npm run stores:archive` (scripts/stores-archive.ts, issue 43): a dry run unless --execute, on a database of TEST_ENGINE. */
const ROOT = resolve(import.meta.dirname, "../..");
let db: OpenDb;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  let target: DatabaseTarget;
  if (ENGINE === "postgres") {
    const database = await createPostgresDatabase("storesarchive");
    target = { engine: "postgres", url: database.url };
    url = database.url;
    drop = () => database.drop();
  } else {
    const dir = mkdtempSync(join(tmpdir(), "memc-stores-archive-"));
    target = { engine: "sqlite", file: join(dir, "memory-console.db") };
    url = `file:${target.file}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  await migrate(target);
  db = await openDb(target);
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

const run = (...args: string[]) =>
  spawnSync(process.execPath, [resolve(ROOT, "scripts/cli.mjs"), "stores-archive", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: url },
  });

describe("npm run stores:archive", () => {
  it("previews without changing anything, then archives what the filter selects with --execute", { timeout: 120_000 }, async () => {
    const trial = await createStore(db, { name: "trial user", metadata: { plan: "trial" } });
    const paid = await createStore(db, { name: "paid user", metadata: { plan: "paid" } });
    const preview = run("--metadata", "plan:trial");
    expect(preview.status, preview.stderr).toBe(0);
    expect(preview.stdout).toContain(trial.id);
    expect(preview.stdout).not.toContain(paid.id);
    expect(preview.stdout).toContain("archive 1 store");
    expect((await getStore(db.sql, trial.id)).archivedAt).toBeNull();

    const done = run("--metadata", "plan:trial", "--execute");
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/completed: 1 archived/);
    expect((await getStore(db.sql, trial.id)).archivedAt).not.toBeNull();
    expect((await getStore(db.sql, paid.id)).archivedAt).toBeNull();
  });

  it("refuses an empty filter or a bad value with one line and exit 1 or 2, changing nothing", async () => {
    const empty = run();
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/empty filter would be every store/);
    const bad = run("--idle-days", "soon");
    expect(bad.status).toBe(2);
    expect(bad.stderr.split("\n")[0]).toMatch(/--idle-days/);
  });
});
