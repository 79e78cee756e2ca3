import type { Actor } from "../actor.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { raw, type Db } from "../db.ts";
import { invalidRequest, storeNotFound } from "../errors.ts";
import { lockLiveWorkspace } from "../workspace.ts";
import { lockStore } from "./lock-store.ts";

export interface StoreMove {
  storeId: string;
  fromWorkspaceId: string;
  toWorkspaceId: string;
  movedAt: Date;
}

/**
 * The reports that are the store's own history (one store each), which move with it; reports
 * of acts across stores (erasures, batch undos) stay in the workspace they were made in.
 */
const SINGLE_STORE_REPORTS = ["imports", "restores", "reverts", "bulk_deletions", "audit_events"] as const;

/**
 * Moves a store, with its id, memories, versions, review state and its own reports, to another
 * live workspace (docs/design.md, "Workspaces"). The caller has checked admin powers in both.
 * Everything that reaches a store through a workspace (keys, OAuth grants, webhook endpoints,
 * write-policy defaults) follows the store's row, so the old workspace's keys lose it when this
 * commits. The store must be in `fromWorkspaceId`, else it answers as one that does not exist.
 */
export async function moveStore(db: Db, input: { storeId: string; fromWorkspaceId: string; toWorkspaceId: string; by: Actor }): Promise<StoreMove> {
  const { storeId, fromWorkspaceId, toWorkspaceId, by } = input;
  if (toWorkspaceId === fromWorkspaceId) throw invalidRequest(`workspace_id: memory store ${storeId} is already in workspace ${toWorkspaceId}.`);
  return db.sqlTransaction(async (tx) => {
    // The store first, as every write to it does; then the target, so it cannot be archived under the move.
    await lockStore(tx, storeId);
    const [store] = await tx.$queryRaw<{ workspace_id: string }[]>`SELECT workspace_id FROM memory_stores WHERE id = ${storeId}`;
    if (store?.workspace_id !== fromWorkspaceId) throw storeNotFound(storeId);
    await lockLiveWorkspace(tx, toWorkspaceId);
    const movedAt = new Date();
    await tx.$executeRaw`UPDATE memory_stores SET workspace_id = ${toWorkspaceId} WHERE id = ${storeId}`;
    // Its open review items name its workspace too (the inbox walks them by it).
    for (const table of [...SINGLE_STORE_REPORTS, "review_items"]) {
      await tx.$executeRaw`UPDATE ${raw(table)} SET workspace_id = ${toWorkspaceId} WHERE store_id = ${storeId}`;
    }
    await recordAuditEvent(tx, {
      action: "memory_store.moved",
      actor: by,
      target: { type: "memory_store", id: storeId },
      storeId,
      details: { from_workspace_id: fromWorkspaceId, to_workspace_id: toWorkspaceId },
    });
    return { storeId, fromWorkspaceId, toWorkspaceId, movedAt };
  });
}
