import type { SqlClient } from "../db.ts";
import { invalidRequest, storeNotFound } from "../errors.ts";

/**
 * A moment the store's history can answer exactly, or a 400 that says why not: one in the
 * future has no answer yet; one before the store's history horizon (the latest moment a version
 * retention pruned still described: lib/memory/versions/prune-versions.ts) would be answered
 * from an incomplete history, so the error names the earliest moment that can be answered.
 * Also the store's existence check (404).
 */
export async function assertAnswerable(client: SqlClient, storeId: string, at: Date, field: string, now = new Date()): Promise<void> {
  const [store] = await client.$queryRaw<{ history_horizon: Date | string | null }[]>`
    SELECT history_horizon FROM memory_stores WHERE id = ${storeId}`;
  if (!store) throw storeNotFound(storeId);
  if (at.getTime() > now.getTime()) throw invalidRequest(`${field}: ${at.toISOString()} is in the future (the server's time is ${now.toISOString()}).`);
  const horizon = store.history_horizon === null ? null : new Date(store.history_horizon);
  if (horizon && at.getTime() < horizon.getTime()) {
    throw invalidRequest(
      `${field}: retention has pruned versions that the store's state at ${at.toISOString()} depends on; the earliest moment that can be answered exactly is ${horizon.toISOString()}.`,
    );
  }
}
