import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { matchPageQuery, type MatchRow } from "../search/search-sql.ts";
import type { SearchText } from "../search/search-text.ts";

/** One erase touches at most this many versions: past it, erase store by store. */
export const MAX_ERASE_VERSIONS = 10_000;
const PAGE = 500;

export interface ErasableVersion {
  versionId: string;
  storeId: string;
  memoryId: string;
  /** The head version of a live memory. */
  current: boolean;
}

/**
 * Every retained version of the stores (null: all) holding the text, through the exact-text
 * index, page by page with a yield between pages. Refused past MAX_ERASE_VERSIONS.
 */
export async function findErasable(db: Db, text: SearchText & { mode: "exact" }, storeIds: readonly string[] | null): Promise<ErasableVersion[]> {
  if (storeIds?.length === 0) return [];
  const found: ErasableVersion[] = [];
  let after: string | undefined;
  for (;;) {
    const rows = await db.sql.$queryRaw<MatchRow[]>(matchPageQuery(db.engine, { text, scope: "versions", storeIds, limit: PAGE, after, withContent: false }));
    for (const row of rows) found.push({ versionId: row.id, storeId: row.store_id, memoryId: row.memory_id, current: Number(row.is_current) === 1 });
    if (found.length > MAX_ERASE_VERSIONS) {
      throw invalidRequest(`The text is in more than ${MAX_ERASE_VERSIONS} versions; erase it store by store (memory_store_ids).`);
    }
    if (rows.length < PAGE) return found;
    after = String(rows[rows.length - 1]!.search_key);
    await letOthersRun();
  }
}
