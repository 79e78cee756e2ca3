import type { Role } from "../../lib/auth/roles.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { databaseTarget } from "../../lib/config.ts";
import type { TestServer } from "../helpers/server.ts";

/** The test server's own database, opened from the test process for bulk set-up. */
export function openServerDb(server: TestServer): Promise<OpenDb> {
  return openDb(databaseTarget(server.databaseUrl));
}

/** A new API key, issued through the admin API. */
export async function issueKey(server: TestServer, options: { role: Role; readOnly?: boolean; storeIds?: string[] }): Promise<string> {
  const response = await server.fetch("/v1/api_keys", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `test ${options.role}`, role: options.role, read_only: options.readOnly ?? false, store_ids: options.storeIds ?? null }),
  });
  if (response.status !== 200) throw new Error(`issuing a key failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}
