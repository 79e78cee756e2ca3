import type { Actor } from "../actor.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Db, SqlClient } from "../db.ts";
import { storeNotFound } from "../errors.ts";
import { lockStore } from "../stores/lock-store.ts";
import { DEFAULT_WORKSPACE_ID } from "../workspace.ts";
import { forgetStorePolicy } from "../stores/lock-store.ts";
import { DEFAULT_POLICY_KEY, loadDefaultPolicy, loadStorePolicy, loadWorkspacePolicy, type StorePolicy } from "./load-policy.ts";
import { changedPolicy, storedPolicy, type WritePolicy } from "./write-policy.ts";
import { sweepStaleMemories } from "./stale-memories.ts";

export async function getStorePolicy(db: Db, storeId: string): Promise<StorePolicy> {
  const loaded = await loadStorePolicy(db.sql, storeId);
  if (!loaded) throw storeNotFound(storeId);
  return loaded;
}

/**
 * Sets fields of a store's own policy (starting from the policy in force, the default's when it
 * has none), or with `null` drops it so the store follows the instance default again. Written
 * under the store lock, so no write of the store sees half of it.
 */
export async function setStorePolicy(db: Db, storeId: string, change: Record<string, unknown> | null, by: Actor | null): Promise<StorePolicy> {
  const saved = await db.sqlTransaction(async (tx) => {
    await lockStore(tx, storeId);
    const current = (await loadStorePolicy(tx, storeId))!;
    const next = change === null ? null : storedPolicy(changedPolicy(current.policy, change));
    await tx.$executeRaw`UPDATE memory_stores SET write_policy = ${next} WHERE id = ${storeId}`;
    forgetStorePolicy(tx, storeId);
    const saved = (await loadStorePolicy(tx, storeId))!;
    await audited(tx, by, storeId, current, saved);
    return saved;
  });
  await sweepStaleMemories(db, storeId);
  return saved;
}

/**
 * A workspace's default write policy, as GET /v1/write_policies answers it: Default's is the
 * instance default (never inherited); another's is its own, or the instance's it follows.
 */
export async function getWorkspacePolicy(db: Db, workspaceId: string): Promise<{ policy: WritePolicy; own: boolean }> {
  if (workspaceId === DEFAULT_WORKSPACE_ID) return { policy: await loadDefaultPolicy(db.sql), own: true };
  return loadWorkspacePolicy(db.sql, workspaceId);
}

/**
 * Sets fields of a workspace's default (starting from the one in force, the instance's when it
 * has none), which its stores without their own policy follow; `null` drops it, so they follow
 * the instance default again. Audited as the workspace's event. Default's is the instance default
 * itself (the caller lets only organisation admins change it).
 */
export async function setWorkspacePolicy(
  db: Db,
  workspaceId: string,
  change: Record<string, unknown> | null,
  by: Actor | null,
): Promise<{ policy: WritePolicy; own: boolean }> {
  if (workspaceId === DEFAULT_WORKSPACE_ID) return { policy: await setDefaultPolicy(db, change ?? {}, by), own: true };
  return db.sqlTransaction(async (tx) => {
    const current = await loadWorkspacePolicy(tx, workspaceId);
    const next = change === null ? null : storedPolicy(changedPolicy(current.policy, change));
    await tx.$executeRaw`UPDATE workspaces SET write_policy = ${next} WHERE id = ${workspaceId}`;
    const saved = await loadWorkspacePolicy(tx, workspaceId);
    await audited(tx, by, null, current, saved, { id: `workspace:${workspaceId}`, workspaceId });
    return saved;
  });
}

/** Sets fields of the instance default, which every store without its own policy follows. */
export async function setDefaultPolicy(db: Db, change: Record<string, unknown>, by: Actor | null): Promise<WritePolicy> {
  return db.sqlTransaction(async (tx) => {
    const current = await loadDefaultPolicy(tx);
    const next = changedPolicy(current, change);
    await tx.$executeRaw`
      INSERT INTO app_settings (key, value, created_at) VALUES (${DEFAULT_POLICY_KEY}, ${storedPolicy(next)}, ${new Date()})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    await audited(tx, by, null, { policy: current, own: true }, { policy: next, own: true }, { id: "default", workspaceId: null });
    return next;
  });
}

/** Each field that differs, before and after (policies hold no content, so the values are safe to log). */
function changedFields(before: WritePolicy, after: WritePolicy) {
  const keys = Object.keys(after) as (keyof WritePolicy)[];
  const differs = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return Object.fromEntries(differs.map((k) => [k, { before: before[k], after: after[k] }]));
}

/** A change that changed something is in the audit log (`policy.changed`), with each changed field's two values. */
async function audited(
  tx: SqlClient,
  by: Actor | null,
  storeId: string | null,
  before: { policy: WritePolicy; own: boolean },
  after: { policy: WritePolicy; own: boolean },
  /** A default's target and who may read its event: the instance's (organisation-level) or a workspace's. */
  target?: { id: string; workspaceId: string | null },
) {
  if (storedPolicy(before.policy) === storedPolicy(after.policy) && before.own === after.own) return;
  await recordAuditEvent(tx, {
    action: "policy.changed",
    actor: by,
    target: { type: "write_policy", id: storeId ?? target?.id ?? "default" },
    storeId,
    ...(target && { workspaceId: target.workspaceId }),
    details: { policy: "write_policy", inherited_before: !before.own, inherited_after: !after.own, changed: changedFields(before.policy, after.policy) },
  });
}
