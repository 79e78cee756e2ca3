import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseTarget } from "../../lib/config.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import type { Actor } from "../../lib/memory/actor.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";

/**
 * Domain tests call lib/memory directly: no build, no server, no HTTP. Each test file gets a
 * fresh migrated database of TEST_ENGINE (sqlite unless told otherwise), dropped after the
 * file; each test makes its own store, so tests within a file never see each other's data.
 */
export const ENGINE = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";

export const API_ACTOR: Actor = { type: "api_actor", api_key_id: "apikey_domaintest" };

async function openFresh(): Promise<{ db: OpenDb; target: DatabaseTarget; drop(): Promise<void> }> {
  if (ENGINE === "postgres") {
    const database = await createPostgresDatabase("domain");
    const target: DatabaseTarget = { engine: "postgres", url: database.url };
    await migrate(target);
    const db = await openDb(target, { poolSize: 4 });
    return { db, target, drop: () => db.close().then(() => database.drop()) };
  }
  const dir = mkdtempSync(join(tmpdir(), "memc-domain-"));
  const target: DatabaseTarget = { engine: "sqlite", file: join(dir, "memory-console.db") };
  await migrate(target);
  const db = await openDb(target);
  return { db, target, drop: () => db.close().then(() => rmSync(dir, { recursive: true, force: true })) };
}

/** Registers the file's database; read `.db` inside tests and hooks. */
export function useFreshDatabase(): { readonly db: OpenDb; readonly target: DatabaseTarget } {
  let opened: Awaited<ReturnType<typeof openFresh>> | undefined;
  beforeAll(async () => {
    opened = await openFresh();
  });
  afterAll(async () => {
    await opened?.drop();
  });
  return {
    get db() {
      if (!opened) throw new Error("the test database is opened in beforeAll");
      return opened.db;
    },
    /** Where it is: a test opens a second connection to it as another instance would. */
    get target() {
      if (!opened) throw new Error("the test database is opened in beforeAll");
      return opened.target;
    },
  };
}

let storeCount = 0;

/** A new store of its own for one test. */
export async function newStore(db: OpenDb, name = `domain store ${++storeCount}`): Promise<string> {
  return (await createStore(db, { name })).id;
}
