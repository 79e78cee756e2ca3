import type { Actor } from "../actor.ts";
import { empty, sql, type Db, type SqlClient } from "../db.ts";
import { conflict } from "../errors.ts";
import { assertRoomFor } from "../memories/create-memory.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { changeMemory, insertMemory, removeMemory } from "../memories/mutations.ts";
import { assertPathFree } from "../memories/path-conflicts.ts";
import { assertNotArchived, lockStore, type LockedStore } from "../stores/lock-store.ts";
import { getVersion } from "../versions/get-version.ts";
import { clearVersionContent } from "../versions/redact-version.ts";
import type { ReviewOutcome } from "./approve.ts";
import { assertHeadUnchanged, openItem } from "./open-item.ts";
import { settleOpenItem } from "./settle.ts";
import type { ReviewItemRecord } from "./review-rows.ts";

export interface RevertInput {
  storeId: string;
  memoryId: string;
  seenHeadVersionId: string;
  actor: Actor;
  /** Also redact the reverted versions (for a secret an agent wrote). */
  redact?: boolean;
  batchId?: string | null;
  /** Why, in the reviewer's words; kept with the decision. */
  reason?: string | null;
}

/** The settled state to write back: null when the memory did not exist when it was last settled. */
async function settledState(tx: SqlClient, item: ReviewItemRecord): Promise<{ path: string; content: string } | null> {
  if (item.settledPath === null || item.settledVersionId === null) return null;
  const version = await getVersion(tx, item.storeId, item.settledVersionId);
  if (version.redactedAt !== null || version.content === null || version.path === null) {
    throw conflict(
      `The settled version ${version.id} of memory ${item.memoryId} was redacted, so there is nothing to revert to. Edit the memory instead, then approve.`,
    );
  }
  return { path: version.path, content: version.content };
}

/** Writes the settled state back; returns the version that did it (null when nothing had to be written). */
async function writeBack(tx: SqlClient, store: LockedStore, item: ReviewItemRecord, actor: Actor): Promise<string | null> {
  const target = await settledState(tx, item);
  const [row] = await tx.$queryRaw<(MemoryRow & { content: string })[]>`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ${item.memoryId}`;
  const memory = row ? memoryFromRow(row) : null;
  const settling = { settling: true, deliberate: true };
  if (target === null) return memory ? removeMemory(tx, memory, actor, settling) : null;
  assertNotArchived(store, "reverting memories");
  if (memory) {
    if (memory.path === target.path && memory.content === target.content) return null;
    if (memory.path !== target.path) await assertPathFree(tx, store.id, target.path, [memory.id]);
    return (await changeMemory(tx, memory, target, actor, settling)).memoryVersionId;
  }
  assertRoomFor(store);
  await assertPathFree(tx, store.id, target.path);
  store.memoryCount += 1;
  const again = { memoryId: item.memoryId, lastVersionId: item.headVersionId };
  return (await insertMemory(tx, store.id, target, actor, { ...settling, again })).memoryVersionId;
}

/**
 * Puts the memory back as it was when last settled, as a new version conditional on the head
 * the reviewer saw: an agent's new memory is deleted, a deleted one re-created under its id,
 * anything else gets its settled content and path again. The revert itself is settled.
 */
export async function revertInTx(tx: SqlClient, store: LockedStore, input: RevertInput): Promise<ReviewOutcome> {
  const item = await openItem(tx, input.storeId, input.memoryId);
  assertHeadUnchanged(item, input.seenHeadVersionId, "reverted");
  const resultVersionId = await writeBack(tx, store, item, input.actor);
  if (input.redact) {
    const after = item.settledVersionId === null ? empty : sql`AND id > ${item.settledVersionId}`;
    await clearVersionContent(tx, sql`memory_id = ${item.memoryId} ${after} AND id <= ${item.headVersionId}`, input.actor, new Date());
  }
  const settlement = { action: "reverted" as const, actor: input.actor, batchId: input.batchId, redacted: input.redact ?? false, reason: input.reason };
  return { decision: (await settleOpenItem(tx, item.memoryId, settlement, resultVersionId))!, remaining: null };
}

export async function revertReview(db: Db, input: RevertInput): Promise<ReviewOutcome> {
  return db.sqlTransaction(async (tx) => revertInTx(tx, await lockStore(tx, input.storeId), input));
}
