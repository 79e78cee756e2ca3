import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { lockStore } from "../stores/lock-store.ts";
import { DEFAULT_POLICY_KEY, loadDefaultPolicy, loadStorePolicy, type StorePolicy } from "./load-policy.ts";
import { changedPolicy, storedPolicy, type WritePolicy } from "./write-policy.ts";
import { sweepStaleMemories } from "./stale-memories.ts";

export async function getStorePolicy(db: Db, storeId: string): Promise<StorePolicy> {
  const loaded = await loadStorePolicy(db.sql, storeId);
  if (!loaded) throw notFound(`Memory store ${storeId} not found.`);
  return loaded;
}

/**
 * Sets fields of a store's own policy (starting from the policy in force, the default's when it
 * has none), or with `null` drops it so the store follows the instance default again. Written
 * under the store lock, so no write of the store sees half of it.
 */
export async function setStorePolicy(db: Db, storeId: string, change: Record<string, unknown> | null): Promise<StorePolicy> {
  const saved = await db.sqlTransaction(async (tx) => {
    await lockStore(tx, storeId);
    const current = (await loadStorePolicy(tx, storeId))!;
    const next = change === null ? null : storedPolicy(changedPolicy(current.policy, change));
    await tx.$executeRaw`UPDATE memory_stores SET write_policy = ${next} WHERE id = ${storeId}`;
    return (await loadStorePolicy(tx, storeId))!;
  });
  await sweepStaleMemories(db, storeId);
  return saved;
}

export const getDefaultPolicy = (db: Db): Promise<WritePolicy> => loadDefaultPolicy(db.sql);

/** Sets fields of the instance default, which every store without its own policy follows. */
export async function setDefaultPolicy(db: Db, change: Record<string, unknown>): Promise<WritePolicy> {
  return db.sqlTransaction(async (tx) => {
    const next = changedPolicy(await loadDefaultPolicy(tx), change);
    await tx.$executeRaw`
      INSERT INTO app_settings (key, value, created_at) VALUES (${DEFAULT_POLICY_KEY}, ${storedPolicy(next)}, ${new Date()})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    return next;
  });
}
