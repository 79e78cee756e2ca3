import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { conflict } from "../errors.ts";
import { validateContent } from "../memories/content.ts";
import { getMemory } from "../memories/get-memory.ts";
import { changeMemory } from "../memories/mutations.ts";
import { assertPathFree } from "../memories/path-conflicts.ts";
import { validateMemoryPath } from "../paths.ts";
import { assertNotArchived, lockStore } from "../stores/lock-store.ts";
import type { ReviewOutcome } from "./approve.ts";
import { assertHeadUnchanged, openItem } from "./open-item.ts";
import { settleOpenItem } from "./settle.ts";

export interface EditAndApproveInput {
  storeId: string;
  memoryId: string;
  seenHeadVersionId: string;
  content?: unknown;
  path?: unknown;
  actor: Actor;
  /** Why, in the reviewer's words; kept with the decision. */
  reason?: string | null;
}

/**
 * The reviewer's corrected text (and path) replaces the head they opened, and the memory is
 * settled at it. Conditional on that head: what an agent wrote meanwhile is never overwritten.
 */
export async function editAndApprove(db: Db, input: EditAndApproveInput): Promise<ReviewOutcome> {
  const content = input.content == null ? undefined : validateContent(input.content);
  const path = input.path == null ? undefined : validateMemoryPath(input.path);
  return db.sqlTransaction(async (tx) => {
    const store = await lockStore(tx, input.storeId);
    const item = await openItem(tx, input.storeId, input.memoryId);
    assertHeadUnchanged(item, input.seenHeadVersionId, "saved");
    if (item.headOperation === "deleted") {
      throw conflict(`Memory ${item.memoryId} (${item.path}) was deleted, so there is nothing to edit. Approve the deletion or revert it.`);
    }
    assertNotArchived(store, "editing memories");
    const memory = await getMemory(tx, input.storeId, input.memoryId);
    const next = { content: content ?? memory.content, path: path ?? memory.path };
    const unchanged = next.content === memory.content && next.path === memory.path;
    if (!unchanged && next.path !== memory.path) await assertPathFree(tx, memory.storeId, next.path, [memory.id]);
    const written = unchanged ? null : await changeMemory(tx, memory, next, input.actor, { settling: true, deliberate: true });
    const settlement = { action: unchanged ? ("approved" as const) : ("edited" as const), actor: input.actor, reason: input.reason };
    return { decision: (await settleOpenItem(tx, item.memoryId, settlement, written?.memoryVersionId ?? null))!, remaining: null };
  });
}
