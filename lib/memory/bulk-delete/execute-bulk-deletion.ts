import type { Actor } from "../actor.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import type { Db } from "../db.ts";
import type { StoreScope } from "../store-scope.ts";
import { invalidRequest } from "../errors.ts";
import { BULK_DELETION } from "./bulk-deletion-operation.ts";
import type { BulkDeletion, BulkItem } from "./bulk-deletion-rows.ts";

export interface ExecuteBulkDeletionInput {
  id: string;
  /** The dry run's digest, as its answer gave it: the execution acts only on what was shown. */
  digest: unknown;
  /** What the person typed: the dry run's confirmation phrase. */
  confirmation: unknown;
  actor: Actor;
  /** The stores the caller may touch: its workspace's (a bulk deletion of another answers as missing), or a store-limited key's there. */
  scope: StoreScope;
}

/**
 * Carries out a bulk delete's dry run (lib/memory/bulk-delete/bulk-deletion-operation.ts says
 * how, the bulk lifecycle when), given its digest back; the row becomes the report (who, when,
 * every id, counts before and after).
 */
export async function executeBulkDeletion(db: Db, input: ExecuteBulkDeletionInput): Promise<{ bulk: BulkDeletion; items: BulkItem[] }> {
  const { plan, items } = await executeBulk(db, BULK_DELETION, {
    id: input.id,
    confirmation: input.confirmation,
    actor: input.actor,
    workspaceId: input.scope.workspaceId,
    check(bulk) {
      if (input.digest !== bulk.digest) throw invalidRequest("digest: is not the digest of this dry run; run the dry run again and confirm what it shows.");
      return { scope: input.scope };
    },
  });
  return { bulk: plan, items };
}
