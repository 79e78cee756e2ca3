import type { Actor } from "../actor.ts";
import { actorId, apiKeyIdOf } from "../actor.ts";
import type { MemoryRecord, SqlClient } from "../db.ts";
import { sha256Hex, utf8Length } from "../hashing.ts";
import { newId, newIdAfter } from "../ids.ts";
import type { VersionOperation } from "../versions/operations.ts";

/**
 * The only three ways a memory row changes. Each writes the memory and its version in the
 * caller's transaction (invariant 1), keeps `memory_version_id` on the new version and
 * `content_sha256` equal to the hash of `content` (invariant 2), and keeps the store's
 * memory count. Callers hold the store lock and have checked paths and preconditions.
 * Plain SQL statements that return nothing: every value written is known here, so the
 * returned record is built from them (see memory-rows.ts for why not Prisma model queries).
 */
type Operation = VersionOperation;

async function recordVersion(
  tx: SqlClient,
  storeId: string,
  memoryId: string,
  operation: Operation,
  state: { path: string; content: string | null; sha: string | null },
  actor: Actor,
  at: Date,
  previousVersionId: string | null,
): Promise<string> {
  const id = previousVersionId === null ? newId("memver") : newIdAfter("memver", previousVersionId);
  const size = state.content === null ? null : utf8Length(state.content);
  await tx.$executeRaw`
    INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, api_key_id, created_at)
    VALUES (${id}, ${storeId}, ${memoryId}, ${operation}, ${state.path}, ${state.content}, ${state.sha}, ${size}, ${actor.type}, ${actorId(actor)}, ${apiKeyIdOf(actor)}, ${at})`;
  return id;
}

async function countMemories(tx: SqlClient, storeId: string, delta: 1 | -1) {
  await tx.$executeRaw`UPDATE memory_stores SET memory_count = memory_count + ${delta} WHERE id = ${storeId}`;
}

export async function insertMemory(tx: SqlClient, storeId: string, state: { path: string; content: string }, actor: Actor): Promise<MemoryRecord> {
  const now = new Date();
  const id = newId("mem");
  const sha = sha256Hex(state.content);
  const versionId = await recordVersion(tx, storeId, id, "created", { ...state, sha }, actor, now, null);
  const memory: MemoryRecord = {
    id,
    storeId,
    path: state.path,
    content: state.content,
    contentSha256: sha,
    contentSizeBytes: utf8Length(state.content),
    memoryVersionId: versionId,
    createdAt: now,
    updatedAt: now,
  };
  await tx.$executeRaw`
    INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
    VALUES (${memory.id}, ${storeId}, ${memory.path}, ${memory.content}, ${sha}, ${memory.contentSizeBytes}, ${versionId}, ${now}, ${now})`;
  await countMemories(tx, storeId, 1);
  return memory;
}

export async function changeMemory(tx: SqlClient, memory: MemoryRecord, state: { path: string; content: string }, actor: Actor): Promise<MemoryRecord> {
  const now = new Date();
  const sha = sha256Hex(state.content);
  const versionId = await recordVersion(tx, memory.storeId, memory.id, "modified", { ...state, sha }, actor, now, memory.memoryVersionId);
  const changed: MemoryRecord = {
    ...memory,
    path: state.path,
    content: state.content,
    contentSha256: sha,
    contentSizeBytes: utf8Length(state.content),
    memoryVersionId: versionId,
    updatedAt: now,
  };
  await tx.$executeRaw`
    UPDATE memories SET path = ${changed.path}, content = ${changed.content}, content_sha256 = ${sha},
      content_size_bytes = ${changed.contentSizeBytes}, memory_version_id = ${versionId}, updated_at = ${now}
    WHERE id = ${memory.id}`;
  return changed;
}

export async function removeMemory(tx: SqlClient, memory: Pick<MemoryRecord, "id" | "storeId" | "path" | "memoryVersionId">, actor: Actor): Promise<void> {
  const state = { path: memory.path, content: null, sha: null };
  await recordVersion(tx, memory.storeId, memory.id, "deleted", state, actor, new Date(), memory.memoryVersionId);
  await tx.$executeRaw`DELETE FROM memories WHERE id = ${memory.id}`;
  await countMemories(tx, memory.storeId, -1);
}
