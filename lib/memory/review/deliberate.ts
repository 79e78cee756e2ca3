import type { Actor } from "../actor.ts";
import type { SqlClient } from "../db.ts";
import { settleOpenItem, settleOpenItems } from "./settle.ts";

/**
 * The write options of a deliberate bulk act of a reviewer or an admin (an erase, a bulk
 * delete, an import, a restore, a revert), whoever runs it: the console or a key. Its versions
 * do not land in the review inbox; each of these operations takes reviewer or admin rights and
 * a dry run, so it was already decided by the person the inbox would ask. Those that put back
 * or remove content already in the store are not checked by its write policy either; an
 * import brings new content in, so it is (IMPORTED_DELIBERATELY).
 */
export const DELIBERATE = { settling: true, deliberate: true } as const;
export const IMPORTED_DELIBERATELY = { settling: true } as const;

/**
 * What awaited review on a memory a deliberate act rewrote or deleted is settled by it, recorded
 * as a console user's own write settles it (`edited`, with the version the act wrote), so the
 * inbox never asks about a state that is gone.
 */
export async function settleByDeliberateAct(tx: SqlClient, memoryId: string, actor: Actor, resultVersionId: string): Promise<void> {
  await settleOpenItem(tx, memoryId, { action: "edited", actor }, resultVersionId);
}

/** settleByDeliberateAct for a batch of memories (a bulk deletion's chunk): a few statements for all of them. */
export async function settleByDeliberateActs(tx: SqlClient, settled: readonly { memoryId: string; resultVersionId: string }[], actor: Actor): Promise<void> {
  await settleOpenItems(tx, settled, { action: "edited", actor });
}
