import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { loadMigrations, migrate } from "../../lib/db/migrate.ts";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { API_ACTOR, ENGINE } from "../domain/database.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";

/**
 * A database that had history before migration 0016: the migration numbers each store's
 * versions in creation order, the first verification hashes them, and later writes link on;
 * migrations 0027 and 0028 link each version to the one before it.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TEXT NOT NULL)`;
const BEFORE_CHAIN = (name: string) => name < "0016";

/** Runs statements on a database migrated only up to 0015, as a server of then left it. */
async function databaseBeforeTheChain(): Promise<{ target: DatabaseTarget; run(sql: string, params?: unknown[]): Promise<void> }> {
  const migrations = loadMigrations(ENGINE).filter((m) => BEFORE_CHAIN(m.name));
  if (ENGINE === "postgres") {
    const database = await createPostgresDatabase("prechain");
    cleanups.push(() => database.drop());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query(MIGRATIONS_TABLE);
    for (const m of migrations) {
      await client.query(m.sql);
      await client.query(`INSERT INTO "_migrations" VALUES ($1, $2, $3)`, [m.name, m.checksum, new Date().toISOString()]);
    }
    return {
      target: { engine: "postgres", url: database.url },
      run: async (sql, params = []) =>
        void (await client.query(
          sql.replace(
            /\?/g,
            (
              (n) => () =>
                `$${++n}`
            )(0),
          ),
          params,
        )),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "memc-prechain-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "memory-console.db");
  const db = new Database(file);
  db.exec(MIGRATIONS_TABLE);
  for (const m of migrations) {
    db.exec(m.sql);
    db.prepare(`INSERT INTO "_migrations" VALUES (?, ?, ?)`).run(m.name, m.checksum, new Date().toISOString());
  }
  return {
    target: { engine: "sqlite", file },
    run: async (sql, params = []) => {
      db.prepare(sql).run(...params.map((p) => (p instanceof Date ? p.toISOString() : p)));
    },
  };
}

describe("history from before the chain", () => {
  it("is numbered by migration 0016, hashed at its first verification, and guarded from then on", { timeout: 120_000 }, async () => {
    const old = await databaseBeforeTheChain();
    const t0 = Date.parse("2026-11-01T10:00:00.000Z");
    const at = (i: number) => new Date(t0 + i * 60_000);
    await old.run(`INSERT INTO memory_stores (id, name, created_at, updated_at, memory_count) VALUES (?, ?, ?, ?, 1)`, ["memstore_old", "old", at(0), at(0)]);
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const versions = [
      ["memver_01", "created", "/a.md", "one"],
      ["memver_02", "modified", "/a.md", "two"],
      ["memver_03", "modified", "/a.md", "three"],
    ] as const;
    for (const [i, [id, operation, path, content]] of versions.entries()) {
      await old.run(
        `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at)
         VALUES (?, 'memstore_old', 'mem_old', ?, ?, ?, ?, ?, 'api_actor', 'apikey_old', ?)`,
        [id, operation, path, content, sha(content), content.length, at(i + 1)],
      );
    }
    await old.run(
      `UPDATE memory_versions SET content = NULL, path = NULL, content_sha256 = NULL, content_size_bytes = NULL, redacted_at = ?, redacted_by_type = 'api_actor', redacted_by_id = 'apikey_old' WHERE id = 'memver_01'`,
      [at(5)],
    );
    await old.run(
      `INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at) VALUES ('mem_old', 'memstore_old', '/a.md', 'three', ?, 5, 'memver_03', ?, ?)`,
      [sha("three"), at(1), at(3)],
    );

    // Another store's memory that was deleted and then brought back under its id (a review that reverted the delete).
    await old.run(`INSERT INTO memory_stores (id, name, created_at, updated_at, memory_count) VALUES ('memstore_back', 'back', ?, ?, 1)`, [at(0), at(0)]);
    for (const [i, [id, operation, content]] of [
      ["memver_11", "created", "b1"],
      ["memver_12", "deleted", null],
      ["memver_13", "created", "b2"],
      ["memver_14", "modified", "b3"],
    ].entries()) {
      await old.run(
        `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at)
         VALUES (?, 'memstore_back', 'mem_back', ?, '/b.md', ?, ?, ?, 'api_actor', 'apikey_old', ?)`,
        [id, operation, content, content && sha(content), content?.length ?? null, at(i + 1)],
      );
    }
    await old.run(
      `INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at) VALUES ('mem_back', 'memstore_back', '/b.md', 'b3', ?, 2, 'memver_14', ?, ?)`,
      [sha("b3"), at(3), at(4)],
    );

    await migrate(old.target);
    const db: OpenDb = await openDb(old.target);
    cleanups.push(() => db.close());
    // Migrations 0027 and 0028: each version names the one before it and keeps that one's path, none after a redaction or a deletion.
    const links = await db.sql.$queryRaw<{ id: string; previous_id: string | null; previous_path: string | null }[]>`
      SELECT id, previous_id, previous_path FROM memory_versions ORDER BY id`;
    expect(links).toEqual([
      { id: "memver_01", previous_id: null, previous_path: null },
      { id: "memver_02", previous_id: "memver_01", previous_path: null },
      { id: "memver_03", previous_id: "memver_02", previous_path: "/a.md" },
      { id: "memver_11", previous_id: null, previous_path: null },
      { id: "memver_12", previous_id: "memver_11", previous_path: "/b.md" },
      { id: "memver_13", previous_id: "memver_12", previous_path: null },
      { id: "memver_14", previous_id: "memver_13", previous_path: "/b.md" },
    ]);
    const seqs = await db.sql.$queryRaw<
      { id: string; chain_seq: number | bigint }[]
    >`SELECT id, chain_seq FROM memory_versions WHERE store_id = 'memstore_old' ORDER BY id`;
    expect(seqs.map((r) => [r.id, Number(r.chain_seq)])).toEqual([
      ["memver_01", 1],
      ["memver_02", 2],
      ["memver_03", 3],
    ]);
    expect(await verifyStoreChain(db, "memstore_old")).toMatchObject({ status: "verified", versionsChecked: 3, redactionCount: 1, head: { seq: 3 } });

    await updateMemory(db, { storeId: "memstore_old", memoryId: "mem_old", content: "four", actor: API_ACTOR });
    expect(await verifyStoreChain(db, "memstore_old")).toMatchObject({ status: "verified", versionsChecked: 4, head: { seq: 4 } });
    await db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_versions SET created_by_id = 'apikey_other' WHERE id = 'memver_02'`);
    expect(await verifyStoreChain(db, "memstore_old")).toMatchObject({ status: "broken", break: { versionId: "memver_02" } });
  });
});
