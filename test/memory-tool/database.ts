import { createApiKey } from "../../lib/auth/api-keys.ts";
import type { Role } from "../../lib/auth/roles.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { databaseTarget } from "../../lib/config.ts";
import type { TestServer } from "../helpers/server.ts";

/**
 * The test server's own database, opened from the test process for what the API has no
 * endpoint for yet (issuing API keys) and for bulk set-up through the domain core.
 */
export function openServerDb(server: TestServer): Promise<OpenDb> {
  return openDb(databaseTarget(server.databaseUrl));
}

export async function issueKey(server: TestServer, options: { role: Role; readOnly?: boolean; storeIds?: string[] }): Promise<string> {
  const db = await openServerDb(server);
  try {
    const { secret } = await createApiKey(db, { name: `test ${options.role}`, role: options.role, readOnly: options.readOnly, storeIds: options.storeIds });
    return secret;
  } finally {
    await db.close();
  }
}
