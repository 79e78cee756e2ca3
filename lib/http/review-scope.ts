import { assertStoreAccess, storeScopeOf, type Principal } from "../auth/principal.ts";
import type { Db } from "../memory/db.ts";
import type { ReviewFilter } from "../memory/review/list-reviews.ts";
import { reviewStoreOf } from "../memory/review/list-reviews.ts";

/** A review filter from the wire, limited to the stores the caller may see. */
export function reviewFilterOf(
  principal: Principal,
  query: { store_id?: string; actor_id?: string; path_prefix?: string; change?: string; updated_after?: Date; updated_before?: Date; finding?: string },
): ReviewFilter {
  return {
    scope: storeScopeOf(principal),
    storeId: query.store_id,
    actorId: query.actor_id,
    pathPrefix: query.path_prefix,
    change: query.change,
    updatedAfter: query.updated_after,
    updatedBefore: query.updated_before,
    finding: query.finding,
  };
}

/** The store of a memory's open review, once the caller is known to have access to it. */
export async function reviewStoreFor(db: Db, principal: Principal, memoryId: string, purpose: "read" | "act"): Promise<string> {
  const storeId = await reviewStoreOf(db, memoryId, purpose, principal.workspaceId);
  assertStoreAccess(principal, storeId);
  return storeId;
}
