import { randomUUID } from "node:crypto";
import type { Db } from "../memory/db.ts";

/**
 * One install is one organisation. Its id is a UUID (the hosted API's shape) made at first use
 * and kept in app_settings, so it stays the same across restarts and instances (the first
 * insert wins); its name is ORGANIZATION_NAME.
 */
export async function organizationId(db: Db): Promise<string> {
  const read = async () => {
    const [row] = await db.sql.$queryRaw<{ value: string }[]>`SELECT value FROM app_settings WHERE key = 'organization_id'`;
    return row?.value ?? null;
  };
  const existing = await read();
  if (existing) return existing;
  await db.sqlTransaction(
    (tx) =>
      tx.$executeRaw`INSERT INTO app_settings (key, value, created_at) VALUES ('organization_id', ${randomUUID()}, ${new Date()}) ON CONFLICT (key) DO NOTHING`,
  );
  return (await read())!;
}
