import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import type { Tx } from "../db.ts";
import { sha256Hex, utf8Length } from "../hashing.ts";
import { newId, newIdAfter } from "../ids.ts";
import type { MemoryRecord } from "./get-memory.ts";

/**
 * The only three ways a memory row changes. Each writes the memory and its version in the
 * caller's transaction (invariant 1), keeps `memory_version_id` on the new version and
 * `content_sha256` equal to the hash of `content` (invariant 2), and keeps the store's
 * memory count. Callers hold the store lock and have checked paths and preconditions.
 */
type Operation = "created" | "modified" | "deleted";

async function recordVersion(
  tx: Tx,
  storeId: string,
  memoryId: string,
  operation: Operation,
  state: { path: string; content: string | null },
  actor: Actor,
  at: Date,
  previousVersionId: string | null,
) {
  const version = await tx.memoryVersion.create({
    data: {
      id: previousVersionId === null ? newId("memver") : newIdAfter("memver", previousVersionId),
      storeId,
      memoryId,
      operation,
      path: state.path,
      content: state.content,
      contentSha256: state.content === null ? null : sha256Hex(state.content),
      contentSizeBytes: state.content === null ? null : utf8Length(state.content),
      createdByType: actor.type,
      createdById: actorId(actor),
      createdAt: at,
    },
    select: { id: true },
  });
  return version.id;
}

export async function insertMemory(tx: Tx, storeId: string, state: { path: string; content: string }, actor: Actor): Promise<MemoryRecord> {
  const now = new Date();
  const id = newId("mem");
  const versionId = await recordVersion(tx, storeId, id, "created", state, actor, now, null);
  const memory = await tx.memoryRecord.create({
    data: {
      id,
      storeId,
      path: state.path,
      content: state.content,
      contentSha256: sha256Hex(state.content),
      contentSizeBytes: utf8Length(state.content),
      memoryVersionId: versionId,
      createdAt: now,
      updatedAt: now,
    },
  });
  await tx.memoryStore.update({ where: { id: storeId }, data: { memoryCount: { increment: 1 } }, select: { id: true } });
  return memory;
}

export async function changeMemory(tx: Tx, memory: MemoryRecord, state: { path: string; content: string }, actor: Actor): Promise<MemoryRecord> {
  const now = new Date();
  const versionId = await recordVersion(tx, memory.storeId, memory.id, "modified", state, actor, now, memory.memoryVersionId);
  return tx.memoryRecord.update({
    where: { id: memory.id },
    data: {
      path: state.path,
      content: state.content,
      contentSha256: sha256Hex(state.content),
      contentSizeBytes: utf8Length(state.content),
      memoryVersionId: versionId,
      updatedAt: now,
    },
  });
}

export async function removeMemory(
  tx: Tx,
  memory: Pick<MemoryRecord, "id" | "storeId" | "path" | "memoryVersionId">,
  actor: Actor,
): Promise<void> {
  const state = { path: memory.path, content: null };
  await recordVersion(tx, memory.storeId, memory.id, "deleted", state, actor, new Date(), memory.memoryVersionId);
  await tx.memoryRecord.delete({ where: { id: memory.id }, select: { id: true } });
  await tx.memoryStore.update({ where: { id: memory.storeId }, data: { memoryCount: { decrement: 1 } }, select: { id: true } });
}
