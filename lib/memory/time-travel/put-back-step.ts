import type { Actor } from "../actor.ts";
import { join, type MemoryRecord, type SqlClient } from "../db.ts";
import { MemoryError } from "../errors.ts";
import { createMemoryInTx } from "../memories/create-memory.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { validateMemoryState } from "../memories/content.ts";
import { changeMemories, removeMemory } from "../memories/mutations.ts";
import { applyUpdate } from "../memories/update-memory.ts";
import { lockStore, type LockedStore } from "../stores/lock-store.ts";
import { DELIBERATE } from "../review/deliberate.ts";
import { settleOpenItem, settleOpenItems } from "../review/settle.ts";
import type { PutBackItem } from "./put-back-items.ts";

// A restore or a revert is deliberate (lib/memory/review/deliberate.ts): what awaited review on a
// memory it puts back is settled by it, recorded as `reverted` by whoever carried it out.

/**
 * One chunk of a restore or revert, inside its transaction under the store lock, through the
 * one write path (lib/memory/memories: createMemoryInTx, applyUpdate, removeMemory): each item
 * only if the memory is still at the head the dry run saw (else `late`, left alone); new
 * versions only. Overlap rules are checked at every step; an item whose path another item of
 * the chunk frees later is tried again after the rest of the chunk, and one still blocked then
 * is left and reported (`blocked`).
 */
export async function putBackChunk(tx: SqlClient, storeId: string, chunk: readonly PutBackItem[], actor: Actor): Promise<PutBackItem[]> {
  const store = await lockStore(tx, storeId);
  if (store.archived) return chunk.map((item) => ({ ...item, outcome: "skipped", reason: "archived: the store was archived after the dry run" }));
  const results = new Map<string, Attempt>();
  /** Memories of this chunk parked at a free path to break a cycle of moves (a swap): their head now. */
  const parked = new Map<string, string>();
  // Read for the whole chunk, under the lock: each item's memory is written by that item alone
  // on the first pass, and version contents do not change under the lock, so these are what
  // one statement per item would read. Passes after the first read again.
  let read: ChunkReads | undefined = await chunkReads(tx, storeId, chunk);
  for (const result of await changeInPlace(tx, chunk, actor, read)) results.set(result.memoryId, result);
  let pending = chunk.filter((item) => !results.has(item.memoryId));
  while (pending.length > 0) {
    const blocked: Attempt[] = [];
    for (const item of pending) {
      const result = await putBack(tx, store, item, actor, parked.get(item.memoryId), read);
      if (result.outcome === "blocked") blocked.push(result);
      else results.set(item.memoryId, result);
    }
    read = undefined;
    if (blocked.length === pending.length && !(await parkOne(tx, storeId, blocked, parked, actor))) {
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
      await applyUpdate(tx, memory, { path: result.seen.path, content: memory.content }, actor, DELIBERATE);
    } catch (error) {
      if (!(error instanceof MemoryError && error.code === "path_conflict")) throw error;
      results.set(memoryId, { ...result, reason: `${result.reason ?? ""}; left at ${memory.path}: its old path was taken meanwhile` });
    }
  }
  return chunk.map((item) => {
    const { blockedBy: _blockedBy, ...result } = results.get(item.memoryId)!;
    return result;
  });
}

/**
 * The chunk's items that give a memory back its old content at the path it is at now, done
 * first and together (changeMemories: a few statements for all of them instead of several
 * each): they move nothing, so no overlap can arise from them or stand in their way, and the
 * order among the chunk's other items does not matter to them. Items that are late, whose
 * content was redacted since, or whose state breaks a rule now are left to the one-by-one pass
 * below, which reports them.
 */
async function changeInPlace(tx: SqlClient, chunk: readonly PutBackItem[], actor: Actor, read: ChunkReads): Promise<Attempt[]> {
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
  await settleOpenItems(
    tx,
    changed.map((memory) => ({ memoryId: memory.id, resultVersionId: memory.memoryVersionId })),
    { action: "reverted", actor },
  );
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
async function parkOne(tx: SqlClient, storeId: string, blocked: readonly Attempt[], parked: Map<string, string>, actor: Actor): Promise<boolean> {
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
      );
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
type ChunkReads = { memories: Map<string, MemoryRecord>; contents: Map<string, string | null> };

async function chunkReads(tx: SqlClient, storeId: string, chunk: readonly PutBackItem[]): Promise<ChunkReads> {
  const memories = new Map<string, MemoryRecord>();
  const contents = new Map<string, string | null>();
  if (chunk.length === 0) return { memories, contents };
  const rows = await tx.$queryRaw<(MemoryRow & { content: string })[]>`
    SELECT ${MEMORY_COLUMNS} FROM memories WHERE id IN (${join(chunk.map((i) => i.memoryId))})`;
  for (const row of rows) {
    const memory = memoryFromRow(row);
    if (memory.storeId === storeId) memories.set(memory.id, memory);
  }
  const versions = chunk.flatMap((i) => (i.action !== "delete" && i.action !== "move" && i.target ? [i.target.versionId] : []));
  if (versions.length > 0) {
    const found = await tx.$queryRaw<{ id: string; content: string | null }[]>`SELECT id, content FROM memory_versions WHERE id IN (${join(versions)})`;
    for (const version of versions) contents.set(version, null);
    for (const row of found) contents.set(row.id, row.content);
  }
  return { memories, contents };
}

async function liveMemory(tx: SqlClient, storeId: string, memoryId: string): Promise<MemoryRecord | null> {
  const [row] = await tx.$queryRaw<(MemoryRow & { content: string })[]>`
    SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ${memoryId} AND store_id = ${storeId}`;
  return row ? memoryFromRow(row) : null;
}

/** The content a target version holds now: null when it was redacted (or pruned) since the dry run. */
async function targetContent(tx: SqlClient, versionId: string): Promise<string | null> {
  const [row] = await tx.$queryRaw<{ content: string | null }[]>`SELECT content FROM memory_versions WHERE id = ${versionId}`;
  return row?.content ?? null;
}

async function putBack(tx: SqlClient, store: LockedStore, item: PutBackItem, actor: Actor, parkedHead?: string, read?: ChunkReads): Promise<Attempt> {
  const memory = read ? (read.memories.get(item.memoryId) ?? null) : await liveMemory(tx, store.id, item.memoryId);
  if ((memory?.memoryVersionId ?? null) !== (parkedHead ?? item.seen?.versionId ?? null)) {
    return { ...item, outcome: "late", reason: "late: the memory changed after the dry run; left alone (run a new dry run)" };
  }
  try {
    if (item.action === "delete") {
      const versionId = await removeMemory(tx, memory!, actor, DELIBERATE);
      await settleOpenItem(tx, item.memoryId, { action: "reverted", actor }, versionId);
      return { ...item, outcome: "done", newVersionId: versionId };
    }
    const target = item.target!;
    const content =
      item.action === "move"
        ? memory!.content
        : read?.contents.has(target.versionId)
          ? read.contents.get(target.versionId)!
          : await targetContent(tx, target.versionId);
    if (content === null) return { ...item, outcome: "skipped", reason: "redacted: the content it had then was redacted after the dry run" };
    if (item.action === "create") {
      const created = await createMemoryInTx(tx, store, target.path!, content, actor, DELIBERATE);
      // A delete awaiting review is decided by bringing the memory back.
      await settleOpenItem(tx, item.memoryId, { action: "reverted", actor }, null);
      return { ...item, outcome: "done", newMemoryId: created.id, newVersionId: created.memoryVersionId };
    }
    const changed = await applyUpdate(tx, memory!, { path: target.path!, content }, actor, DELIBERATE);
    await settleOpenItem(tx, item.memoryId, { action: "reverted", actor }, changed.memoryVersionId);
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
