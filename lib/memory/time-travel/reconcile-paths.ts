import type { SqlClient } from "../db.ts";
import { unsettledStates } from "../review/unsettled-states.ts";
import type { PutBackItem } from "./put-back-items.ts";

type Planned = Omit<PutBackItem, "position">;

/**
 * Puts back by path as well as by id. A memory deleted and re-created at its path is a new
 * memory (a new id, docs/design.md), so a plan that went by ids alone would delete the memory
 * at a path and create the old one there again: two writes for one path, none when the content
 * is the same. Here the two become one item on the memory that is there now: `unchanged` when it
 * already holds the old content, else `modify` to it. Likewise a memory that would move back to
 * a path another memory now holds with exactly its old content: that one stays (`unchanged`)
 * and the mover is deleted instead. So no plan creates and deletes one path, and none writes a
 * path whose content is already the target's. Items of one store.
 */
export function reconcileByPath<I extends Planned>(items: readonly I[]): I[] {
  const deletes = new Map<string, I>();
  for (const item of items) if (item.outcome === "planned" && item.action === "delete" && item.seen?.path) deletes.set(item.seen.path, item);
  const merged = new Map<I, I>();
  const dropped = new Set<I>();
  for (const item of items) {
    if (item.outcome !== "planned" || !item.target?.path) continue;
    const there = deletes.get(item.target.path);
    if (!there || merged.has(there)) continue;
    const same = there.seen!.sha256 !== null && there.seen!.sha256 === item.target.sha256;
    if (item.action === "create") {
      merged.set(there, {
        ...there,
        target: item.target,
        action: same ? "unchanged" : "modify",
        outcome: same ? "left" : "planned",
        reason: same ? `unchanged: ${item.target.path} holds this content again (memory ${item.memoryId} was re-created there)` : null,
      });
      dropped.add(item);
    } else if ((item.action === "move" || item.action === "modify") && same) {
      merged.set(there, {
        ...there,
        target: item.target,
        action: "unchanged",
        outcome: "left",
        reason: `unchanged: ${item.target.path} holds this content again`,
      });
      merged.set(item, { ...item, target: null, action: "delete", reason: `its content is back at ${item.target.path} as memory ${there.memoryId}` });
    }
  }
  return items.filter((item) => !dropped.has(item)).map((item) => merged.get(item) ?? item);
}

/**
 * Marks the planned items whose target state nobody settled: carried out, they leave the memory
 * awaiting review (lib/memory/review/deliberate.ts), and the dry run says so beforehand.
 */
export async function expectReview<I extends Planned>(client: SqlClient, storeId: string, items: readonly I[]): Promise<I[]> {
  const restoring = items.filter((i) => i.outcome === "planned" && i.action !== "delete" && i.target);
  // The dry run says which; whose writes they hold is for the act itself.
  const unsettled = await unsettledStates(
    client,
    storeId,
    restoring.map((i) => i.target!.versionId),
    { authors: false },
  );
  const restores = new Set(restoring);
  return items.map((item) => ({ ...item, awaitingReview: restores.has(item) && unsettled.has(item.target!.versionId) }));
}
