import type { Actor } from "../actor.ts";
import type { SqlClient } from "../db.ts";
import { MEMORY_COLUMNS, memoryFromRow, type MemoryRow } from "../memories/memory-rows.ts";
import { changeMemory, removeMemory } from "../memories/mutations.ts";
import { containsText } from "../search/text-matches.ts";
import { DELIBERATE, settleDeliberateWrites } from "../review/deliberate.ts";
import { lockStore } from "../stores/lock-store.ts";
import { clearVersion } from "../versions/redact-version.ts";
import { rewrittenContent } from "./erase-text.ts";
import type { StepResult } from "../bulk/bulk-operation.ts";
import type { Erasure, ErasureItem } from "./erasure-rows.ts";
import type { ErasureTypes } from "./erasure-operation.ts";

/**
 * The erase of one memory's versions, inside the caller's transaction, under the store lock:
 * 1. if the memory's current version is still the one the dry run saw, the text (each value of a
 *    pattern erase) in it becomes the marker as a new version (replace), or the memory is
 *    deleted (delete, or when replacing cannot work: lib/memory/erase/erase-text.ts
 *    rewrittenContent); a deletion whose path holds the text is redacted too;
 * 2. every version the dry run saw is redacted (it is no longer any live memory's current one).
 * A current version that changed since the dry run is left alone: if it holds the text, the
 * erase reports it as late. An erase is deliberate (lib/memory/review/deliberate.ts): a deletion
 * is its own and settles the memory; a rewrite keeps what the memory held, so a memory awaiting
 * review still does, from the erase's version on (the report says so). Returns the group's items with their outcomes and the versions written.
 */
export async function eraseFromMemory(
  tx: SqlClient,
  erasure: Erasure,
  group: ErasureItem[],
  texts: readonly string[],
  actor: Actor,
): Promise<StepResult<ErasureTypes>> {
  const { storeId, memoryId } = group[0]!;
  const store = await lockStore(tx, storeId);
  const [row] = await tx.$queryRaw<
    (MemoryRow & { content: string })[]
  >`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ${memoryId} AND store_id = ${storeId}`;
  const memory = row ? memoryFromRow(row) : null;
  const now = new Date();
  const written: ErasureItem[] = [];
  let liveHead = memory?.memoryVersionId ?? null;

  const seenHead = group.find((item) => item.kind === "head");
  if (memory && seenHead && memory.memoryVersionId === seenHead.versionId) {
    const pathHoldsText = texts.some((text) => containsText(memory.path, text));
    const replaced = erasure.action === "replace" ? rewrittenContent(memory, texts, erasure.marker ?? "", store.archived) : null;
    if (replaced !== null) {
      const changed = await changeMemory(tx, memory, { path: memory.path, content: replaced }, actor, DELIBERATE);
      const kept = { kind: "kept" as const, memoryId, versionId: changed.memoryVersionId, operation: "modified" as const, path: memory.path };
      const awaiting = await settleDeliberateWrites(tx, storeId, [{ ...kept, previous: { versionId: memory.memoryVersionId, path: memory.path } }], {
        action: "edited",
        actor,
      });
      written.push({ versionId: changed.memoryVersionId, storeId, memoryId, kind: "written", outcome: "replaced", awaitingReview: awaiting.has(memoryId) });
      liveHead = changed.memoryVersionId;
    } else {
      const deletion = await removeMemory(tx, memory, actor, DELIBERATE);
      await settleDeliberateWrites(tx, storeId, [{ kind: "own", memoryId, versionId: deletion }], { action: "edited", actor });
      if (pathHoldsText) await clearVersion(tx, deletion, actor, now);
      written.push({ versionId: deletion, storeId, memoryId, kind: "written", outcome: pathHoldsText ? "deleted_and_redacted" : "deleted" });
      liveHead = null;
    }
  }

  const done: ErasureItem[] = [];
  for (const item of group) {
    const [version] = await tx.$queryRaw<
      { redacted_at: unknown }[]
    >`SELECT redacted_at FROM memory_versions WHERE id = ${item.versionId} AND store_id = ${storeId}`;
    if (!version || version.redacted_at != null) {
      done.push({ ...item, outcome: "gone" });
    } else if (item.versionId === liveHead) {
      done.push({ ...item, outcome: "left" }); // redaction never takes a live memory's content
    } else {
      await clearVersion(tx, item.versionId, actor, now);
      done.push({ ...item, outcome: "redacted" });
    }
  }
  return { done, written };
}
