import { join, type Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { rewrittenContent } from "./erase-text.ts";
import type { EraseAction, PlannedAction } from "./erasure-rows.ts";
import type { ErasableVersion } from "./find-erasable.ts";

/** Head versions read per statement (their content included: up to 100 kB each). */
const PAGE = 100;

/**
 * What the erase will do to each memory whose current version holds the text, as the dry run
 * can tell now: rewrite it (replace, and replacing works) or delete it (delete, or replacing
 * cannot work: lib/memory/erase/erase-text.ts rewrittenContent). Keyed by head version id.
 */
export async function plannedActions(
  db: Db,
  heads: readonly ErasableVersion[],
  erase: { texts: readonly string[]; action: EraseAction; marker: string | null },
): Promise<Map<string, PlannedAction>> {
  const planned = new Map<string, PlannedAction>();
  if (erase.action === "delete") {
    for (const head of heads) planned.set(head.versionId, "delete");
    return planned;
  }
  for (let at = 0; at < heads.length; at += PAGE) {
    const ids = heads.slice(at, at + PAGE).map((h) => h.versionId);
    const rows = await db.sql.$queryRaw<{ id: string; path: string | null; content: string | null; archived_at: unknown }[]>`
      SELECT v.id, v.path, v.content, s.archived_at FROM memory_versions v JOIN memory_stores s ON s.id = v.store_id
      WHERE v.id IN (${join(ids)})`;
    for (const row of rows) {
      const memory = { path: row.path ?? "", content: row.content ?? "" };
      planned.set(row.id, rewrittenContent(memory, erase.texts, erase.marker ?? "", row.archived_at != null) === null ? "delete" : "rewrite");
    }
    await letOthersRun();
  }
  return planned;
}
