import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { API_ACTOR, ENGINE } from "../domain/database.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";

/** `npm run verify` (scripts/verify.ts) on a database of TEST_ENGINE: a line per store, exit 1 when one is broken. */
const ROOT = resolve(import.meta.dirname, "../..");
let db: OpenDb;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  let target: DatabaseTarget;
  if (ENGINE === "postgres") {
    const database = await createPostgresDatabase("verify");
    target = { engine: "postgres", url: database.url };
    url = database.url;
    drop = () => database.drop();
  } else {
    const dir = mkdtempSync(join(tmpdir(), "memc-verify-"));
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

const verify = () =>
  spawnSync(process.execPath, [resolve(ROOT, "scripts/cli.mjs"), "verify"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, DATABASE_URL: url } });

describe("npm run verify", () => {
  it("exits 0 while every chain verifies and 1, naming the version, once a row is edited", { timeout: 120_000 }, async () => {
    const good = await createStore(db, { name: "good" });
    const bad = await createStore(db, { name: "bad" });
    for (const store of [good, bad]) {
      const m = await createMemory(db, { storeId: store.id, path: "/x.md", content: "one", actor: API_ACTOR });
      await updateMemory(db, { storeId: store.id, memoryId: m.id, content: "two", actor: API_ACTOR });
    }
    const ok = verify();
    expect([ok.status, ok.stdout], ok.stderr).toEqual([0, expect.stringContaining("all 2 stores verified")]);
    expect(ok.stdout).toContain(`verified ${good.id}`);

    const [first] = await db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_versions WHERE store_id = ${bad.id} ORDER BY chain_seq LIMIT 1`;
    await db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_versions SET path = '/y.md' WHERE id = ${first!.id}`);
    const no = verify();
    expect(no.status, no.stderr).toBe(1);
    expect(no.stdout).toContain(`BROKEN   ${bad.id}`);
    expect(no.stdout).toContain(first!.id);
    expect(no.stdout).toContain(`verified ${good.id}`);
  });
});
