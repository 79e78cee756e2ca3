import { actorFromColumns, actorId, type Actor } from "../actor.ts";
import type { Attribution } from "../import/attribution.ts";

/**
 * What an imported version records besides its author: the import, who ran it and when, where
 * it came from, and what the file claimed. `attribution` says whether `created_by` / `created_at`
 * are the importer's (`importer`) or the file's claim (`file`, admin imports only).
 */
export interface ImportMark {
  /** `zip`, `tar.gz`, `folder`, or `jsonl:<the exported version's id>`. */
  from: string;
  importId: string;
  by: Actor;
  at: Date;
  attribution: Attribution;
  claimedBy: Actor | null;
  claimedAt: Date | null;
  /**
   * A store copy's versions (lib/memory/store-copies): the store they were copied from. A copy
   * is marked as an import is, so that its versions never read as written here from scratch.
   */
  copiedFrom?: string;
}

/** An actor as versions show it: the key behind a session is recorded in its own column, never here. */
const shown = (actor: Actor) => actorFromColumns(actor.type, actorId(actor));

/**
 * The mark as memory_versions.imported holds it: the API's `imported` object itself (the
 * ImportedVersion schema of lib/http/wire-schemas.ts), written once, so that a read (an export
 * of 50,000 versions) parses one column instead of mapping seven.
 */
export function storedImportMark(mark: ImportMark): string {
  return JSON.stringify({
    import_id: mark.importId,
    source: mark.from.split(":")[0],
    imported_by: shown(mark.by),
    imported_at: mark.at.toISOString(),
    attribution: mark.attribution,
    claimed_created_by: mark.claimedBy && shown(mark.claimedBy),
    claimed_created_at: mark.claimedAt?.toISOString() ?? null,
    ...(mark.copiedFrom !== undefined && { copied_from_memory_store_id: mark.copiedFrom }),
  });
}

/** True when `created_by` names someone other than who wrote the row: the file's author, kept by an admin import. */
export function createdByIsClaim(actor: Actor, mark: ImportMark | undefined): boolean {
  return !!mark && (actor.type !== mark.by.type || actorId(actor) !== actorId(mark.by));
}
