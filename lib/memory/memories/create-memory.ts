import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";
import { validateMemoryPath } from "../paths.ts";
import { assertNotArchived, lockStoreAnd, type LockedStore } from "../stores/lock-store.ts";
import { validateContent } from "./content.ts";
import { insertMemory, type InsertOptions } from "./mutations.ts";
import { assertPathFree } from "./path-conflicts.ts";
import type { SqlClient } from "../db.ts";

export interface CreateMemoryInput {
  storeId: string;
  path: unknown;
  content: unknown;
  actor: Actor;
}

/** Room for `count` more memories, or a clear error that names the limit. */
export function assertRoomFor(store: LockedStore, count = 1) {
  if (store.memoryCount + count > LIMITS.memoriesPerStore) {
    throw invalidRequest(
      `Memory store ${store.id} holds ${store.memoryCount} memories; a store holds at most ${LIMITS.memoriesPerStore.toLocaleString("en-US")}. Delete memories you no longer need before creating more.`,
    );
  }
}

/**
 * A create's checks and write, for every caller that creates (the API, the memory tool, an
 * import's replay): create never overwrites, so an existing or overlapping path is a path
 * conflict; insertMemory checks the path and content rules.
 */
export async function createMemoryInTx(
  tx: SqlClient,
  store: LockedStore,
  path: string,
  content: string,
  actor: Actor,
  options?: InsertOptions,
  /** The path's check, when the caller asked it already (behind the lock: lockStoreAnd). */
  pathFree?: Promise<void>,
) {
  assertNotArchived(store, "creating memories");
  assertRoomFor(store);
  await (pathFree ?? assertPathFree(tx, store.id, path));
  const memory = await insertMemory(tx, store.id, { path, content }, actor, options);
  store.memoryCount += 1;
  return memory;
}

export async function createMemory(db: Db, input: CreateMemoryInput) {
  const path = validateMemoryPath(input.path);
  const content = validateContent(input.content);
  return db.sqlTransaction(async (tx) => {
    const locked = await lockStoreAnd(tx, input.storeId, () => assertPathFree(tx, input.storeId, path));
    return createMemoryInTx(tx, locked.store, path, content, input.actor, undefined, locked.read);
  });
}
