import type { Role } from "../../lib/auth/roles.ts";
import { openDb, type OpenDb } from "../../lib/db/client.ts";
import { databaseTarget } from "../../lib/config.ts";
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
  const response = await server.fetch("/v1/api_keys", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `test ${options.role}`, role: options.role, read_only: options.readOnly ?? false, store_ids: options.storeIds ?? null }),
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
  const actor = { createdByType: "api_actor", createdById: apiKeyId, apiKeyId };
  const db = await openServerDb(server);
  try {
    await db.transaction(
      async (tx) => {
        await lockStore(tx, storeId);
        for (let start = 0; start < count; start += 1000) {
          // SQLite's driver answers synchronously; let the event loop see the HTTP client's idle sockets close.
          await new Promise((resolve) => setImmediate(resolve));
          const now = new Date();
          const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
            const content = `${start + i}`;
            const state = { path: pathOf(start + i), content, contentSha256: sha256Hex(content), contentSizeBytes: utf8Length(content) };
            return { memoryId: newId("mem"), versionId: newId("memver"), state };
          });
          await tx.memoryVersion.createMany({
            data: rows.map((r) => ({ id: r.versionId, storeId, memoryId: r.memoryId, operation: "created", ...r.state, ...actor, createdAt: now })),
          });
          await tx.memoryRecord.createMany({
            data: rows.map((r) => ({ id: r.memoryId, storeId, ...r.state, memoryVersionId: r.versionId, createdAt: now, updatedAt: now })),
          });
        }
        await tx.memoryStore.update({ where: { id: storeId }, data: { memoryCount: { increment: count } } });
      },
      { timeoutMs: 120_000 },
    );
  } finally {
    await db.close();
  }
}
