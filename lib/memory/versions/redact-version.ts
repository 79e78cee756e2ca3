import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import { type Sql, sql, type Db, type SqlClient } from "../db.ts";
import { conflict } from "../errors.ts";
import { lockStore } from "../stores/lock-store.ts";
import { forgetPreviousPaths } from "./forget-previous-paths.ts";
import { getVersion } from "./get-version.ts";

/**
 * Clears a version's content, path, hash and size and records who redacted it and when;
 * `created_by` stays. Refused for the head version of a live memory (write a new version or
 * delete the memory first). Allowed in archived stores. Redacting twice keeps the first record.
 * On SQLite the cleared text is gone from the database's files too (docs/operations.md, "Erased text on disk").
 */
export async function redactVersion(db: Db, input: { storeId: string; versionId: string; actor: Actor }) {
  const redacted = await db.sqlTransaction(async (tx) => {
    await lockStore(tx, input.storeId);
    const version = await getVersion(tx, input.storeId, input.versionId);
    if (version.redactedAt) return version;
    await assertNotLiveHead(tx, version);
    const redactedAt = new Date();
    await clearVersionContent(tx, sql`id = ${version.id}`, input.actor, redactedAt);
    return {
      ...version,
      content: null,
      path: null,
      contentSha256: null,
      contentSizeBytes: null,
      redactedAt,
      redactedByType: input.actor.type,
      redactedById: actorId(input.actor),
    };
  });
  // The point of redacting is that the text is gone: from the log's old copies of the pages too.
  await db.truncateLog?.();
  return redacted;
}

/** A live memory's current version cannot be redacted (its content would be gone from a memory still there): the API's redact and an import's replay. */
export async function assertNotLiveHead(tx: SqlClient, version: { id: string; memoryId: string }) {
  const [head] = await tx.$queryRaw<{ path: string }[]>`
    SELECT path FROM memories WHERE id = ${version.memoryId} AND memory_version_id = ${version.id}`;
  if (head) {
    throw conflict(
      `Memory version ${version.id} holds the current content of memory ${version.memoryId} (${head.path}) and cannot be redacted. Update or delete the memory first, then redact this version.`,
    );
  }
}

/**
 * The one place that redacts versions (a single one above, or a review's reverted range):
 * content, path, hash and size go, and so does the copy of the path that the memory's next
 * version keeps as its `previous_path` (migration 0028); who redacted and when are recorded.
 * Versions already redacted keep their first record.
 */
export async function clearVersionContent(tx: SqlClient, which: Sql, actor: Actor, at: Date): Promise<number> {
  await forgetPreviousPaths(tx, sql`SELECT store_id, memory_id, id FROM memory_versions WHERE ${which} AND redacted_at IS NULL`);
  return tx.$executeRaw`
    UPDATE memory_versions SET content = NULL, path = NULL, content_sha256 = NULL, content_size_bytes = NULL,
      redacted_at = ${at}, redacted_by_type = ${actor.type}, redacted_by_id = ${actorId(actor)}
    WHERE ${which} AND redacted_at IS NULL`;
}

/** One version, for a caller holding the store lock that has checked it is no live memory's head (erase does). */
export async function clearVersion(tx: SqlClient, versionId: string, actor: Actor, at: Date): Promise<void> {
  await clearVersionContent(tx, sql`id = ${versionId}`, actor, at);
}
