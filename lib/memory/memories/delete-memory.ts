import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { lockStoreAnd } from "../stores/lock-store.ts";
import { getMemory } from "./get-memory.ts";
import { removeMemory } from "./mutations.ts";
import { assertContentSha, validateSha256 } from "./preconditions.ts";

export interface DeleteMemoryInput {
  storeId: string;
  memoryId: string;
  expectedContentSha256?: unknown;
  actor: Actor;
}

/** Deletes the memory (its versions stay, plus a `deleted` one). Allowed in archived stores. */
export async function deleteMemory(db: Db, input: DeleteMemoryInput): Promise<{ id: string }> {
  const expected = input.expectedContentSha256 == null ? undefined : validateSha256(input.expectedContentSha256, "expected_content_sha256");
  return db.sqlTransaction(async (tx) => {
    const locked = await lockStoreAnd(tx, input.storeId, () => getMemory(tx, input.storeId, input.memoryId));
    const memory = await locked.read;
    assertContentSha(memory, expected);
    await removeMemory(tx, memory, input.actor);
    return { id: memory.id };
  });
}
