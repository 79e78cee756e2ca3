import type { Actor } from "../actor.ts";
import { join, type MemoryRecord, type SqlClient } from "../db.ts";
import { MemoryError } from "../errors.ts";
import { createMemoryInTx } from "../memories/create-memory.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { validateMemoryState } from "../memories/content.ts";
import { changeMemories, removeMemory } from "../memories/mutations.ts";
import { applyUpdate } from "../memories/update-memory.ts";
import { lockStoreAnd, type LockedStore } from "../stores/lock-store.ts";
import { DELIBERATE, settleDeliberateWrites, type DeliberateWrite } from "../review/deliberate.ts";
import type { PutBackItem } from "./put-back-items.ts";

// A restore, a revert or a batch undo is deliberate (lib/memory/review/deliberate.ts): each write
// declares what it put back, and the review rule decides, once per chunk, what is settled by it
// (recorded as `reverted` by whoever carried it out) and what still awaits review.

/**
 * One chunk of a restore or revert, inside its transaction under the store lock, through the
 * one write path (lib/memory/memories: createMemoryInTx, applyUpdate, removeMemory): each item
 * only if the memory is still at the head the dry run saw (else `late`, left alone); new
 * versions only. Overlap rules are checked at every step; an item whose path another item of
 * the chunk frees later is tried again after the rest of the chunk, and one still blocked then
 * is left and reported (`blocked`).
 */
export async function putBackChunk(tx: SqlClient, storeId: string, chunk: readonly PutBackItem[], actor: Actor): Promise<PutBackItem[]> {
  // The chunk's reads travel with the lock (lockStoreAnd): under it, they see what one statement per item would.
  const { store, read: reading } = await lockStoreAnd(tx, storeId, () => chunkReads(tx, storeId, chunk));
  if (store.archived) return chunk.map((item) => ({ ...item, outcome: "skipped", reason: "archived: the store was archived after the dry run" }));
  const results = new Map<string, Attempt>();
  /** What each write of the chunk put back, for the review rule at its end. */
  const writes: DeliberateWrite[] = [];
  /** Memories of this chunk parked at a free path to break a cycle of moves (a swap): their head now. */
  const parked = new Map<string, string>();
  // Read for the whole chunk, under the lock: each item's memory is written by that item alone
  // on the first pass, and version contents do not change under the lock, so these are what
  // one statement per item would read. Passes after the first read again.
  let read: ChunkReads | undefined = await reading;
  for (const result of await changeInPlace(tx, chunk, actor, read, writes)) results.set(result.memoryId, result);
  let pending = chunk.filter((item) => !results.has(item.memoryId));
  while (pending.length > 0) {
    const blocked: Attempt[] = [];
    for (const item of pending) {
      const result = await putBack(tx, store, item, actor, writes, parked.get(item.memoryId), read);
      if (result.outcome === "blocked") blocked.push(result);
      else results.set(item.memoryId, result);
    }
    read = undefined;
    if (blocked.length === pending.length && !(await parkOne(tx, storeId, blocked, parked, actor, writes))) {
      for (const item of blocked) results.set(item.memoryId, item);
      break;
    }
    pending = blocked.map(({ blockedBy: _blockedBy, ...item }) => ({ ...item, outcome: "planned", reason: null }));
  }
  // A memory parked aside whose own item could not go on goes back where it was.
  for (const [memoryId, head] of parked) {
    const result = results.get(memoryId)!;
    if (result.outcome === "done") continue;
    const memory = await liveMemory(tx, storeId, memoryId);
    if (memory?.memoryVersionId !== head || !result.seen?.path) continue;
    try {
      const back = await applyUpdate(tx, memory, { path: result.seen.path, content: memory.content }, actor, DELIBERATE);
      writes.push(keptBy(memory, back));
    } catch (error) {
      if (!(error instanceof MemoryError && error.code === "path_conflict")) throw error;
      results.set(memoryId, { ...result, reason: `${result.reason ?? ""}; left at ${memory.path}: its old path was taken meanwhile` });
    }
  }
  const awaiting = await settleDeliberateWrites(tx, storeId, writes, { action: "reverted", actor });
  return chunk.map((item) => {
    const { blockedBy: _blockedBy, ...result } = results.get(item.memoryId)!;
    const written = result.newMemoryId ?? (result.outcome === "done" ? result.memoryId : null);
    return { ...result, awaitingReview: written !== null && awaiting.has(written) };
  });
}

/** A write that keeps what the memory held (a memory parked aside, or moved back): review goes on as it was. */
const keptBy = (before: MemoryRecord, after: MemoryRecord): DeliberateWrite => ({
  kind: "kept",
  memoryId: after.id,
  versionId: after.memoryVersionId,
  operation: "modified",
  path: after.path,
  previous: { versionId: before.memoryVersionId, path: before.path },
});

/** A write that put back the state of the item's target version. */
function restoredBy(item: PutBackItem, before: MemoryRecord | null, after: MemoryRecord, targetMemoryId: string): DeliberateWrite {
  return {
    kind: "restored",
    memoryId: after.id,
    versionId: after.memoryVersionId,
    operation: before ? "modified" : "created",
    path: after.path,
    previous: before && { versionId: before.memoryVersionId, path: before.path },
    from: { versionId: item.target!.versionId, memoryId: targetMemoryId },
  };
}

/**
 * The chunk's items that give a memory back its old content at the path it is at now, done
 * first and together (changeMemories: a few statements for all of them instead of several
 * each): they move nothing, so no overlap can arise from them or stand in their way, and the
 * order among the chunk's other items does not matter to them. Items that are late, whose
 * content was redacted since, or whose state breaks a rule now are left to the one-by-one pass
 * below, which reports them.
 */
async function changeInPlace(tx: SqlClient, chunk: readonly PutBackItem[], actor: Actor, read: ChunkReads, writes: DeliberateWrite[]): Promise<Attempt[]> {
  const changes: { item: PutBackItem; memory: MemoryRecord; state: { path: string; content: string } }[] = [];
  for (const item of chunk) {
    const memory = read.memories.get(item.memoryId);
    const content = item.target && read.contents.get(item.target.versionId);
    if (item.action !== "modify" || !memory || memory.memoryVersionId !== item.seen?.versionId || item.target?.path !== memory.path) continue;
    if (content == null) continue;
    const state = { path: memory.path, content };
    try {
      validateMemoryState(state);
    } catch (error) {
      if (error instanceof MemoryError) continue;
      throw error;
    }
    changes.push({ item, memory, state });
  }
  const changed = await changeMemories(tx, changes, actor, DELIBERATE);
  changes.forEach(({ item, memory }, n) => writes.push(restoredBy(item, memory, changed[n]!, read.targetMemories.get(item.target!.versionId)!)));
  return changes.map(({ item }, n) => ({ ...item, outcome: "done", newVersionId: changed[n]!.memoryVersionId }));
}

/** An item's outcome, and for a blocked one the memory in its way. */
type Attempt = PutBackItem & { blockedBy?: string };

/**
 * No item could go on: when one is blocked by a memory that another blocked item moves away
 * (a cycle, `/a` ↔ `/b`), that memory is moved aside first, to a free path beside its own, as
 * one more version of the same memory; its own item then moves it on from there. Returns
 * whether it moved one.
 */
async function parkOne(
  tx: SqlClient,
  storeId: string,
  blocked: readonly Attempt[],
  parked: Map<string, string>,
  actor: Actor,
  writes: DeliberateWrite[],
): Promise<boolean> {
  const moving = new Set(blocked.filter((i) => i.action === "move" || i.action === "modify").map((i) => i.memoryId));
  for (const item of blocked) {
    const blocker = item.blockedBy;
    if (!blocker || !moving.has(blocker) || parked.has(blocker)) continue;
    const memory = await liveMemory(tx, storeId, blocker);
    if (!memory) continue;
    try {
      const aside = await applyUpdate(
        tx,
        memory,
        { path: `${memory.path}.restoring-${memory.memoryVersionId.slice(-6).toLowerCase()}`, content: memory.content },
        actor,
        DELIBERATE,
      );
      writes.push(keptBy(memory, aside));
      parked.set(blocker, aside.memoryVersionId);
      return true;
    } catch (error) {
      if (error instanceof MemoryError && error.code === "path_conflict") continue;
      throw error;
    }
  }
  return false;
}

/** The chunk's live memories and the contents its items put back, one statement each. */
type ChunkReads = { memories: Map<string, MemoryRecord>; contents: Map<string, string | null>; targetMemories: Map<string, string> };

async function chunkReads(tx: SqlClient, storeId: string, chunk: readonly PutBackItem[]): Promise<ChunkReads> {
  const memories = new Map<string, MemoryRecord>();
  const contents = new Map<string, string | null>();
  const targetMemories = new Map<string, string>();
  if (chunk.length === 0) return { memories, contents, targetMemories };
  // Every target's memory (a state may come back on another memory, lib/memory/time-travel/reconcile-paths.ts); the content of those that bring content back.
  const targets = chunk.flatMap((i) => (i.action !== "delete" && i.target ? [i.target.versionId] : []));
  const withContent = new Set(chunk.flatMap((i) => (i.action !== "delete" && i.action !== "move" && i.target ? [i.target.versionId] : [])));
  // Both asked at once: on PostgreSQL one round trip (pipelined) instead of two.
  const [rows, found] = await Promise.all([
    tx.$queryRaw<(MemoryRow & { content: string })[]>`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id IN (${join(chunk.map((i) => i.memoryId))})`,
    targets.length === 0
      ? []
      : tx.$queryRaw<
          { id: string; memory_id: string; content: string | null }[]
        >`SELECT id, memory_id, content FROM memory_versions WHERE id IN (${join(targets)})`,
  ]);
  for (const row of rows) {
    const memory = memoryFromRow(row);
    if (memory.storeId === storeId) memories.set(memory.id, memory);
  }
  for (const version of withContent) contents.set(version, null);
  for (const row of found) {
    targetMemories.set(row.id, row.memory_id);
    if (withContent.has(row.id)) contents.set(row.id, row.content);
  }
  return { memories, contents, targetMemories };
}

async function liveMemory(tx: SqlClient, storeId: string, memoryId: string): Promise<MemoryRecord | null> {
  const [row] = await tx.$queryRaw<(MemoryRow & { content: string })[]>`
    SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ${memoryId} AND store_id = ${storeId}`;
  return row ? memoryFromRow(row) : null;
}

/** A target version as it is now: its memory, and its content (null when redacted or pruned since the dry run). */
async function targetVersion(tx: SqlClient, versionId: string, read?: ChunkReads): Promise<{ memoryId: string | null; content: string | null }> {
  const memoryId = read?.targetMemories.get(versionId);
  if (read && memoryId !== undefined && read.contents.has(versionId)) return { memoryId, content: read.contents.get(versionId)! };
  const [row] = await tx.$queryRaw<{ memory_id: string; content: string | null }[]>`SELECT memory_id, content FROM memory_versions WHERE id = ${versionId}`;
  return { memoryId: row?.memory_id ?? null, content: row?.content ?? null };
}

async function putBack(
  tx: SqlClient,
  store: LockedStore,
  item: PutBackItem,
  actor: Actor,
  writes: DeliberateWrite[],
  parkedHead?: string,
  read?: ChunkReads,
): Promise<Attempt> {
  const memory = read ? (read.memories.get(item.memoryId) ?? null) : await liveMemory(tx, store.id, item.memoryId);
  if ((memory?.memoryVersionId ?? null) !== (parkedHead ?? item.seen?.versionId ?? null)) {
    return { ...item, outcome: "late", reason: "late: the memory changed after the dry run; left alone (run a new dry run)" };
  }
  try {
    if (item.action === "delete") {
      const versionId = await removeMemory(tx, memory!, actor, DELIBERATE);
      writes.push({ kind: "own", memoryId: item.memoryId, versionId });
      return { ...item, outcome: "done", newVersionId: versionId };
    }
    const target = item.target!;
    const version = await targetVersion(tx, target.versionId, read);
    const content = item.action === "move" ? memory!.content : version.content;
    if (content === null || version.memoryId === null) {
      return { ...item, outcome: "skipped", reason: "redacted: the content it had then was redacted after the dry run" };
    }
    if (item.action === "create") {
      const created = await createMemoryInTx(tx, store, target.path!, content, actor, DELIBERATE);
      // What awaited review on the memory it was (a delete, say) is decided by bringing it back, on the new one.
      writes.push(restoredBy(item, null, created, version.memoryId));
      return { ...item, outcome: "done", newMemoryId: created.id, newVersionId: created.memoryVersionId };
    }
    const changed = await applyUpdate(tx, memory!, { path: target.path!, content }, actor, DELIBERATE);
    writes.push(restoredBy(item, memory, changed, version.memoryId));
    return { ...item, outcome: "done", newVersionId: changed.memoryVersionId };
  } catch (error) {
    if (!(error instanceof MemoryError)) throw error;
    if (error.code === "path_conflict") {
      return {
        ...item,
        outcome: "blocked",
        reason: `path_conflict: ${item.target?.path} overlaps ${error.details?.conflicting_path} (memory ${error.details?.conflicting_memory_id})`,
        blockedBy: error.details?.conflicting_memory_id,
      };
    }
    // The store is full, or the state breaks a rule it did not break then: reported, not written.
    if (error.code === "invalid_request" || error.code === "conflict") return { ...item, outcome: "skipped", reason: error.message };
    throw error;
  }
}
