import type { Actor } from "../actor.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Db, SqlClient } from "../db.ts";
import { storeNotFound } from "../errors.ts";
import { lockStore } from "../stores/lock-store.ts";
import { DEFAULT_POLICY_KEY, loadDefaultPolicy, loadStorePolicy, type StorePolicy } from "./load-policy.ts";
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
    const saved = (await loadStorePolicy(tx, storeId))!;
    await audited(tx, by, storeId, current, saved);
    return saved;
  });
  await sweepStaleMemories(db, storeId);
  return saved;
}

export const getDefaultPolicy = (db: Db): Promise<WritePolicy> => loadDefaultPolicy(db.sql);

/** Sets fields of the instance default, which every store without its own policy follows. */
export async function setDefaultPolicy(db: Db, change: Record<string, unknown>, by: Actor | null): Promise<WritePolicy> {
  return db.sqlTransaction(async (tx) => {
    const current = await loadDefaultPolicy(tx);
    const next = changedPolicy(current, change);
    await tx.$executeRaw`
      INSERT INTO app_settings (key, value, created_at) VALUES (${DEFAULT_POLICY_KEY}, ${storedPolicy(next)}, ${new Date()})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    await audited(tx, by, null, { policy: current, own: true }, { policy: next, own: true });
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
) {
  if (storedPolicy(before.policy) === storedPolicy(after.policy) && before.own === after.own) return;
  await recordAuditEvent(tx, {
    action: "policy.changed",
    actor: by,
    target: { type: "write_policy", id: storeId ?? "default" },
    storeId,
    details: { policy: "write_policy", inherited_before: !before.own, inherited_after: !after.own, changed: changedFields(before.policy, after.policy) },
  });
}
