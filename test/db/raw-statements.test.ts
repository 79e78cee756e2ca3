import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { translateDbError } from "../../lib/db/errors.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { newId } from "../../lib/memory/ids.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { listMemories } from "../../lib/memory/memories/list-memories.ts";
import type { SqlClient } from "../../lib/memory/db.ts";
import { changeMemory, insertMemory } from "../../lib/memory/memories/mutations.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { getVersion } from "../../lib/memory/versions/get-version.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";
import { ENGINE } from "../helpers/server.ts";

/**
 * The memory and version statements are hand-written SQL (lib/memory/memories/memory-rows.ts)
 * that run straight on the driver adapter (lib/db/sql.ts): what a write returns is built from
 * the values it wrote, so it must equal what the database gives back, to the millisecond, on
 * the engine under test; a unique violation must still read as a path conflict; and a transaction on
 * the adapter must commit or roll back as a whole.
 */
let db: OpenDb;
let drop: () => Promise<void>;
const actor = { type: "api_actor", api_key_id: "apikey_test" } as const;

beforeAll(async () => {
  if (ENGINE === "postgres") {
    const pg = await createPostgresDatabase("raw");
    drop = pg.drop;
    await migrate(databaseTarget(pg.url));
    db = await openDb(databaseTarget(pg.url));
  } else {
    const dir = mkdtempSync(join(tmpdir(), "memc-raw-"));
    drop = async () => rmSync(dir, { recursive: true, force: true });
    await migrate(databaseTarget(`file:${join(dir, "raw.db")}`));
    db = await openDb(databaseTarget(`file:${join(dir, "raw.db")}`));
  }
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

// Every write to memories and versions runs in this one kind of transaction (the API, the
// memory tool, redaction, retention, store deletion).
const runners = {
  "a transaction on the driver adapter": <T>(fn: (tx: SqlClient) => Promise<T>) => db.sqlTransaction(fn),
};

describe.each(Object.entries(runners))(`hand-written memory statements on ${ENGINE}, in %s`, (_, inTransaction) => {
  it("return the records that reads give back", async () => {
    const store = await createStore(db, { name: "Raw" });
    // A write also says which findings held it; the record itself is what reads give back.
    const { heldFor: createdHeld, ...created } = await inTransaction((tx) => insertMemory(tx, store.id, { path: "/dir/ünï.md", content: "héllo\n" }, actor));
    expect(createdHeld).toEqual([]);
    expect(await getMemory(db.sql, store.id, created.id)).toEqual(created);
    expect(await getMemory(db.read, store.id, created.id)).toEqual(created);
    const { heldFor: _changedHeld, ...changed } = await inTransaction((tx) => changeMemory(tx, created, { path: "/dir/renamed.md", content: "bye" }, actor));
    expect(await getMemory(db.sql, store.id, created.id)).toEqual(changed);

    const { content: _content, ...basic } = changed;
    for (const depth of [0, 1] as const) {
      const page = await listMemories(db, { storeId: store.id, prefix: "/dir/", depth, withContent: false, limit: 10 });
      expect(page.items).toEqual([{ kind: "memory", memory: basic }]);
    }
    const versions = await listVersions(db, { storeId: store.id, memoryId: created.id, withContent: true, limit: 10 });
    expect(versions.items.map((v) => [v.operation, v.path, v.contentSha256, v.contentSizeBytes])).toEqual([
      ["modified", "/dir/renamed.md", changed.contentSha256, 3],
      ["created", "/dir/ünï.md", created.contentSha256, 7],
    ]);
    expect(versions.items[0]).toEqual(await getVersion(db.sql, store.id, changed.memoryVersionId));
    expect(versions.items[0]!.createdAt).toEqual(changed.updatedAt);
  });

  it("turn a unique-index violation on (store_id, path) into a path conflict", async () => {
    const store = await createStore(db, { name: "Unique" });
    await inTransaction((tx) => insertMemory(tx, store.id, { path: "/same", content: "1" }, actor));
    const failure = await inTransaction((tx) => insertMemory(tx, store.id, { path: "/same", content: "2" }, actor)).catch((e: unknown) => e);
    // One shape of database error on both engines, whether the adapter or better-sqlite3 ran the statement.
    expect(failure).toMatchObject({ name: "DriverAdapterError", cause: { kind: "UniqueConstraintViolation" } });
    expect(translateDbError(failure)?.code).toBe("path_conflict");
  });

  it("leave other unique violations (a user's email) to the caller, not as a path conflict", async () => {
    const insert = () =>
      inTransaction(
        (tx) => tx.$executeRaw`
          INSERT INTO users (id, email, name, password_hash, role, created_at, updated_at)
          VALUES (${newId("user")}, ${"twice@example.com"}, ${""}, ${"x"}, ${"viewer"}, ${new Date()}, ${new Date()})`,
      );
    await insert();
    const failure = await insert().catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: "DriverAdapterError", cause: { kind: "UniqueConstraintViolation" } });
    expect(translateDbError(failure)).toBeNull();
  });

  it("roll back every statement when the transaction throws", async () => {
    const store = await createStore(db, { name: "Rollback" });
    const failure = await inTransaction(async (tx) => {
      await insertMemory(tx, store.id, { path: "/kept?", content: "no" }, actor);
      throw new Error("changed my mind");
    }).catch((e: unknown) => e);
    expect((failure as Error).message).toBe("changed my mind");
    const page = await listMemories(db, { storeId: store.id, prefix: "/", depth: 0, withContent: false, limit: 10 });
    expect(page.items).toEqual([]);
    const [counts] = await db.sql.$queryRaw<{ memory_count: number }[]>`SELECT memory_count FROM memory_stores WHERE id = ${store.id}`;
    expect(Number(counts!.memory_count)).toBe(0);
  });
});
