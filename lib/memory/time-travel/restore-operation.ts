import type { BulkOperation } from "../bulk/bulk-operation.ts";
import { empty, sql, type Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { assertAnswerable } from "./answerable-moment.ts";
import { assertCanPutBack, batches, lateItem, liveHeads, writtenLate, type LateSearch } from "./find-put-back.ts";
import { actionFor, countByAction, inExecutionOrder, sideOf, sideOfLive, WRITING_ACTIONS, type PutBackItem } from "./put-back-items.ts";
import { putBackChunk } from "./put-back-step.ts";
import { expectReview, reconcileByPath } from "./reconcile-paths.ts";
import { RESTORE_ITEMS, RESTORES, restorePhrase, type Restore } from "./restore-rows.ts";
import { headsAt, headsOfChangedSinceAt } from "./states-at.ts";

/** Memories put back per transaction: each writes a version with its review, search and webhook rows. */
export const MEMORIES_PER_TRANSACTION = 100;

export type RestoreTypes = {
  plan: Restore;
  item: PutBackItem;
  target: PutBackItem;
  /** The dry run's selection; `late` when looking afterwards for what was written since. */
  selection: { storeId: string; asOf: Date; pathPrefix: string; late?: LateSearch };
  run: Record<string, never>;
};

/**
 * Restore a folder or a whole store to a moment (lib/memory/bulk/README.md): only memories with
 * versions written after `asOf` can differ from how they were then, so those are the ones
 * looked at; one is in the folder when it was there then or is there now. Late items are
 * planned ones found changed at their turn, and memories written in the folder after the dry
 * run that it did not see: both left alone and reported.
 */
export const RESTORE: BulkOperation<RestoreTypes> = {
  words: { noun: "Restore", verb: "restore", done: "restored" },
  audit: { action: "restore.executed", storeOf: (plan) => plan.storeId },
  idPrefix: "restore",
  plans: RESTORES,
  items: RESTORE_ITEMS,

  find: findRestoreItems,
  planned: (item) => item,
  seen: (item) => `${item.seen?.versionId ?? "-"}>${item.target?.versionId ?? "-"}`,
  describe: (lifecycle, { storeId, asOf, pathPrefix }, items, digest) => ({
    ...lifecycle,
    storeId,
    asOf,
    pathPrefix,
    digest,
    actionable: items.filter((i) => i.outcome === "planned").length,
    counts: countByAction(items),
  }),
  confirmation: restorePhrase,
  size: (restore) => restore.actionable,
  selection: (restore) => ({
    storeId: restore.storeId,
    asOf: restore.asOf,
    pathPrefix: restore.pathPrefix,
    late: { planId: restore.id, since: restore.createdAt },
  }),
  chunks: (_restore, items) => {
    // Memories that only get their content back (no move) go first, in id order: they do not
    // touch the overlap rules, so their order does not matter, and in id order a chunk writes
    // next to itself in the per-memory indexes (measured: the version inserts 2.5 × faster).
    const planned = items.filter((i) => i.outcome === "planned");
    const inPlace = planned.filter(changesInPlace).sort((a, b) => (a.memoryId < b.memoryId ? -1 : 1));
    const rest = planned.filter((i) => !changesInPlace(i));
    return [...batches(inPlace, MEMORIES_PER_TRANSACTION), ...batches(rest, MEMORIES_PER_TRANSACTION)];
  },
  step: async (tx, chunk, { plan, actor }) => ({ done: await putBackChunk(tx, plan.storeId, chunk, actor) }),
  gone: (item) => ({ ...item, outcome: "gone" }),
  late: lateItem,
};

/** An item that gives a memory its old content back at the path it is at (putBackChunk does those together). */
const changesInPlace = (item: PutBackItem) => item.action === "modify" && item.seen !== null && item.seen.path === item.target?.path;

async function findRestoreItems(db: Db, { storeId, asOf, pathPrefix, late }: RestoreTypes["selection"]): Promise<PutBackItem[]> {
  // Afterwards nothing is refused: what is found is only reported.
  if (!late) await assertAnswerable(db.sql, storeId, asOf, "as_of");
  const changed = await db.sql.$queryRaw<{ memory_id: string }[]>`
    SELECT DISTINCT memory_id FROM memory_versions
    WHERE store_id = ${storeId} AND created_at > ${asOf} ${late ? sql`AND ${writtenLate(RESTORE_ITEMS, late)}` : empty}`;
  const ids = changed.map((r) => r.memory_id);
  // Afterwards only the few memories written late are looked at: their heads then one by one.
  const heads = late ? await headsAt(db.sql, storeId, asOf, { memoryIds: ids }) : await headsOfChangedSinceAt(db.sql, storeId, asOf);
  const then = new Map(heads.map((s) => [s.memoryId, s]));
  const now = await liveHeads(db.sql, storeId, ids);
  const under = (path: string | null | undefined) => path != null && (pathPrefix === "/" || path.startsWith(pathPrefix));
  const items: Omit<PutBackItem, "position">[] = [];
  for (const [n, memoryId] of ids.entries()) {
    if (n > 0 && n % 1_000 === 0) await letOthersRun();
    const seen = now.get(memoryId) ?? null;
    const target = then.get(memoryId) ?? null;
    if (!under(seen?.path) && !under(target?.path)) continue;
    const what = actionFor(seen, target);
    if (!what) continue;
    items.push({
      memoryId,
      ...what,
      seen: sideOfLive(seen),
      target: target && sideOf(target),
      outcome: WRITING_ACTIONS.includes(what.action) ? "planned" : "left",
      newMemoryId: null,
      newVersionId: null,
      awaitingReview: false,
    });
  }
  const plan = await expectReview(db.sql, storeId, reconcileByPath(items));
  if (!late) await assertCanPutBack(db, storeId, plan);
  await letOthersRun();
  return inExecutionOrder(plan);
}
