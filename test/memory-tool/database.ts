import type { Role } from "../../lib/auth/roles.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { databaseTarget } from "../../lib/config.ts";
import { join, sql } from "../../lib/memory/db.ts";
import { sha256Hex, utf8Length } from "../../lib/memory/hashing.ts";
import { newId } from "../../lib/memory/ids.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { keyIdOf } from "../helpers/api.ts";
import type { TestServer } from "../helpers/server.ts";

/** The test server's own database, opened from the test process for bulk set-up. */
export function openServerDb(server: TestServer): Promise<OpenDb> {
  return openDb(databaseTarget(server.databaseUrl));
}

/** A new API key, issued through the admin API. */
export async function issueKey(server: TestServer, options: { role: Role; readOnly?: boolean; storeIds?: string[] }): Promise<string> {
  const response = await server.api.send("createApiKey", {
    body: { name: `test ${options.role}`, role: options.role, read_only: options.readOnly ?? false, store_ids: options.storeIds ?? null },
  });
  if (response.status !== 200) throw new Error(`issuing a key failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

/**
 * Seeds `count` memories (content = their index) in bulk: one transaction under the store lock
 * writing, for every memory, the row, its `created` version and the store's count exactly as
 * insertMemory does (one insertMemory call per memory takes minutes on a busy machine).
 */
export async function seedMemories(server: TestServer, storeId: string, count: number, pathOf: (i: number) => string) {
  const apiKeyId = await keyIdOf(server);
  const db = await openServerDb(server);
  try {
    await db.sqlTransaction(
      async (tx) => {
        await lockStore(tx, storeId);
        for (let start = 0; start < count; start += 1000) {
          // SQLite's driver answers synchronously; let the event loop see the HTTP client's idle sockets close.
          await new Promise((resolve) => setImmediate(resolve));
          const now = new Date();
          const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
            const content = `${start + i}`;
            return { memoryId: newId("mem"), versionId: newId("memver"), path: pathOf(start + i), content, sha: sha256Hex(content), size: utf8Length(content) };
          });
          await tx.$executeRaw`
            INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, api_key_id, created_at)
            VALUES ${join(rows.map((r) => sql`(${r.versionId}, ${storeId}, ${r.memoryId}, ${"created"}, ${r.path}, ${r.content}, ${r.sha}, ${r.size}, ${"api_actor"}, ${apiKeyId}, ${apiKeyId}, ${now})`))}`;
          await tx.$executeRaw`
            INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
            VALUES ${join(rows.map((r) => sql`(${r.memoryId}, ${storeId}, ${r.path}, ${r.content}, ${r.sha}, ${r.size}, ${r.versionId}, ${now}, ${now})`))}`;
        }
        await tx.$executeRaw`UPDATE memory_stores SET memory_count = memory_count + ${count} WHERE id = ${storeId}`;
      },
      { timeoutMs: 120_000 },
    );
  } finally {
    await db.close();
  }
}
