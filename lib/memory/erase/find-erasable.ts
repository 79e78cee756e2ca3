import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import type { StoreScope } from "../store-scope.ts";
import { filterConditions, type MatchRow, type SearchFilters } from "../search/search-sql.ts";
import type { SearchText } from "../search/search-text.ts";

/** One erase touches at most this many versions: past it, erase store by store. */
export const MAX_ERASE_VERSIONS = 10_000;

export interface ErasableVersion {
  versionId: string;
  storeId: string;
  memoryId: string;
  /** The head version of a live memory. */
  current: boolean;
}

const tooMany = () => invalidRequest(`The text is in more than ${MAX_ERASE_VERSIONS} versions; erase it store by store (memory_store_ids).`);

/**
 * Every retained version of the stores (a workspace, or some of its stores) holding the text, or any of the texts of a
 * pattern erase, through the exact-text index, all of them (no search budget), in chunks with
 * yields. Refused past MAX_ERASE_VERSIONS versions in all.
 */
export async function findErasable(db: Db, texts: readonly (SearchText & { mode: "exact" })[], stores: StoreScope): Promise<ErasableVersion[]> {
  const found = new Map<string, ErasableVersion>();
  for (const text of texts) {
    for (const version of await findHolding(db, text, stores, MAX_ERASE_VERSIONS)) found.set(version.versionId, version);
    if (found.size > MAX_ERASE_VERSIONS) throw tooMany();
  }
  return [...found.values()];
}

async function findHolding(db: Db, text: SearchText & { mode: "exact" }, stores: StoreScope, max: number): Promise<ErasableVersion[]> {
  if (stores.storeIds?.length === 0) return [];
  const filters: SearchFilters = { text, scope: "versions", stores };
  filterConditions(filters); // refused here, not in the dialect's code (search.ts says why)
  const found: MatchRow[] = [];
  await db.dialect.textIndex.everyMatch(db, filters, (rows) => {
    found.push(...rows);
    if (found.length > max) throw tooMany();
  });
  return found.map((row) => ({ versionId: row.id, storeId: row.store_id, memoryId: row.memory_id, current: Number(row.is_current) === 1 }));
}
