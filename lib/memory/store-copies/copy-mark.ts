import type { Actor } from "../actor.ts";
import type { ImportMark } from "../memories/import-mark.ts";

/** What an imported version's `source` says for a copy (the wire's `imported.source`). */
export const COPY_SOURCE = "store_copy";

/**
 * The mark every version a copy writes carries: an import's mark (lib/memory/memories/import-mark.ts),
 * so that a copied memory's one `created` version says where it came from (`copied from
 * memstore_…`) and who copied it, and its history is never mistaken for one written here. The
 * source store's own history is not copied. `copyId` is the act: a single copy's `stcopy_…`
 * (named in its audit event), or the store batch that made the store.
 */
export function copyMark(input: { copyId: string; sourceStoreId: string; by: Actor; at: Date }): ImportMark {
  return {
    from: `${COPY_SOURCE}:${input.sourceStoreId}`,
    importId: input.copyId,
    by: input.by,
    at: input.at,
    attribution: "importer",
    claimedBy: null,
    claimedAt: null,
    copiedFrom: input.sourceStoreId,
  };
}
