import { config } from "../config.ts";
import { getDb } from "./instance.ts";
import { loadMigrations } from "./migrate.ts";

const CHECK_TIMEOUT_MS = 2_000;
let expected: string[] | undefined;

/**
 * Whether this instance can serve: the database answers within 2 s and every migration this
 * build carries is applied. Why not, for the log; /readyz itself tells no more than a status.
 */
export async function databaseReadiness(): Promise<{ ready: true } | { ready: false; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    return { ready: false, reason: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

async function check(): Promise<{ ready: true } | { ready: false; reason: string }> {
  const db = await getDb();
  expected ??= loadMigrations(config().database.engine).map((m) => m.name);
  const rows = await db.sql.$queryRaw<{ name: string }[]>`SELECT name FROM "_migrations"`;
  const applied = new Set(rows.map((r) => r.name));
  const missing = expected.filter((name) => !applied.has(name));
  return missing.length === 0 ? { ready: true } : { ready: false, reason: `migrations not applied: ${missing.join(", ")}` };
}
