// A cheap fingerprint of everything the API can write, read straight from the database, so
// that "a refused request writes nothing" is checked against what is stored, not what is shown.
import { createHash } from "node:crypto";
import { openRawDb, type RawDb } from "../helpers/database.ts";
import { problemsSeenInDatabase, problemsSeenThroughApi } from "../helpers/invariants.ts";
import type { TestServer } from "../helpers/server.ts";

/**
 * Stores and memories row by row (without content: its hash stands for it), versions, keys and
 * users by count, newest id and the columns an edit of an old row would change. Every memory
 * mutation writes a version, so the version count alone catches most writes.
 */
const QUERIES = [
  "SELECT id, name, description, metadata, memory_count, updated_at, archived_at FROM memory_stores ORDER BY id",
  "SELECT id, store_id, path, content_sha256, memory_version_id, updated_at FROM memories ORDER BY id",
  "SELECT count(*) AS n, max(id) AS newest, count(redacted_at) AS redacted FROM memory_versions",
  "SELECT count(*) AS n, max(id) AS newest, count(revoked_at) AS revoked FROM api_keys",
  "SELECT count(*) AS n, max(id) AS newest, max(updated_at) AS updated, count(disabled_at) AS disabled FROM users",
];

export interface Fingerprinter {
  take(): Promise<string>;
  close(): Promise<void>;
}

export async function fingerprinter(databaseUrl: string): Promise<Fingerprinter> {
  const db: RawDb = await openRawDb(databaseUrl);
  return {
    async take() {
      const hash = createHash("sha256");
      for (const sql of QUERIES) hash.update(JSON.stringify(await db.query(sql), (_, v) => (typeof v === "bigint" ? String(v) : v)));
      return hash.digest("hex");
    },
    close: () => db.close(),
  };
}

/** docs/design.md invariants, through the API for each store given and directly in the database. */
export async function invariantProblems(server: TestServer, storeIds: Iterable<string>): Promise<string[]> {
  const problems = await problemsSeenInDatabase(server.databaseUrl);
  for (const id of new Set(storeIds)) problems.push(...(await problemsSeenThroughApi(server, id)).map((p) => `${id}: ${p}`));
  return problems;
}
