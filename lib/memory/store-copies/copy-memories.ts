import type { Actor } from "../actor.ts";
import type { SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { insertMemories } from "../memories/mutations.ts";
import type { ImportMark } from "../memories/import-mark.ts";
import { IMPORTED_DELIBERATELY } from "../review/deliberate.ts";

export interface CopyOptions {
  actor: Actor;
  mark: ImportMark;
  /** Memories per batched insert (the dialect's importBatch). */
  batch: number;
  /** PostgreSQL: leave the new versions to the search index's flusher, as an import does. */
  deferSearchIndex: boolean;
}

/**
 * Writes memories into a new store (locked by the caller) through the write path's batched
 * create (insertMemories): each gets one `created` version marked as copied, at the copy's time,
 * by whoever copies. Like an import it opens no review items (the content is already in a store
 * of the workspace, and seeding is deliberate), but the new store's write policy still reads it:
 * a copy cannot plant what a create would refuse.
 */
export async function writeCopies(tx: SqlClient, storeId: string, states: readonly { path: string; content: string }[], options: CopyOptions) {
  const { actor, mark, batch, deferSearchIndex } = options;
  for (let i = 0; i < states.length; i += batch) {
    if (i > 0) await letOthersRun();
    await insertMemories(tx, storeId, states.slice(i, i + batch), actor, { ...IMPORTED_DELIBERATELY, at: mark.at, imported: mark, deferSearchIndex });
  }
}
