import { randomBytes } from "node:crypto";
import { config } from "../config.ts";
import { sql, type Db } from "../memory/db.ts";

/**
 * The secret that signs console sessions: AUTH_SECRET or NEXTAUTH_SECRET when set, otherwise
 * one generated at first start and kept in the database, so sessions survive restarts and
 * every instance on the same database signs alike. INSERT … ON CONFLICT DO NOTHING lets
 * instances starting together agree on one value.
 */
let stored: Promise<string> | undefined;

export function authSecret(db: Db): Promise<string> {
  // An empty value counts as unset, as it always did.
  const fromEnv = config().AUTH_SECRET || config().NEXTAUTH_SECRET;
  if (fromEnv) return Promise.resolve(fromEnv);
  // Once stored the value never changes, so one read per process is enough.
  stored ??= loadOrCreate(db).catch((error) => {
    stored = undefined;
    throw error;
  });
  return stored;
}

const SELECT = sql`SELECT value FROM app_settings WHERE key = 'auth_secret'`;

async function loadOrCreate(db: Db): Promise<string> {
  const [existing] = await db.sql.$queryRaw<{ value: string }[]>(SELECT);
  if (existing) return existing.value;
  const candidate = randomBytes(32).toString("base64url");
  // Whichever instance inserted first, every one reads back the same value.
  return db.sqlTransaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO app_settings (key, value, created_at) VALUES ('auth_secret', ${candidate}, ${new Date()}) ON CONFLICT (key) DO NOTHING`;
    const [row] = await tx.$queryRaw<{ value: string }[]>(SELECT);
    return row!.value;
  });
}
