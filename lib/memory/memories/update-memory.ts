import type { Actor } from "../actor.ts";
import type { Db, MemoryRecord, SqlClient } from "../db.ts";
import { validateMemoryPath } from "../paths.ts";
import { assertNotArchived, lockStoreAnd } from "../stores/lock-store.ts";
import { validateContent } from "./content.ts";
import { getMemory } from "./get-memory.ts";
import { changeMemory, type WriteOptions } from "./mutations.ts";
import { assertPathFree } from "./path-conflicts.ts";
import { assertContentSha, parsePrecondition } from "./preconditions.ts";

export interface UpdateMemoryInput {
  storeId: string;
  memoryId: string;
  /** undefined or null keeps the current content. */
  content?: unknown;
  /** undefined or null keeps the current path; a new path renames the memory (same id). */
  path?: unknown;
  precondition?: unknown;
  actor: Actor;
}

/**
 * Changes content and/or path. A precondition that does not match fails, unless the memory
 * already has exactly the requested content and path; an update that changes nothing writes
 * no version.
 */
export async function updateMemory(db: Db, input: UpdateMemoryInput) {
  const content = input.content == null ? undefined : validateContent(input.content);
  const path = input.path == null ? undefined : validateMemoryPath(input.path);
  const expectedSha = parsePrecondition(input.precondition);
  return db.sqlTransaction(async (tx) => {
    const locked = await lockStoreAnd(tx, input.storeId, () => getMemory(tx, input.storeId, input.memoryId));
    assertNotArchived(locked.store, "updating memories");
    const memory = await locked.read;
    const next = { content: content ?? memory.content, path: path ?? memory.path };
    if (next.content === memory.content && next.path === memory.path) return { ...memory, heldFor: [] };
    assertContentSha(memory, expectedSha);
    return applyUpdate(tx, memory, next, input.actor);
  });
}

/**
 * An update's write once its precondition holds, for the API and an import's replay: a new path
 * must be free of other memories; changeMemory checks the path and content rules.
 */
export async function applyUpdate(tx: SqlClient, memory: MemoryRecord, next: { path: string; content: string }, actor: Actor, options?: WriteOptions) {
  if (next.path !== memory.path) await assertPathFree(tx, memory.storeId, next.path, [memory.id]);
  return changeMemory(tx, memory, next, actor, options);
}
