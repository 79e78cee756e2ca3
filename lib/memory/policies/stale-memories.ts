import { join, type Db, type SqlClient } from "../db.ts";
import { MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { deleteMemory } from "../memories/delete-memory.ts";
import { loadStorePolicy } from "./load-policy.ts";
import { matchesGlob, type ExpiryRule } from "./write-policy.ts";

/** At most this many stale memories are put in the inbox per store and sweep: the inbox is for people. */
const STALE_PER_SWEEP = 500;
const DAY_MS = 86_400_000;

/**
 * Items are written under their store's lock, as every write to it is (a store's move rewrites
 * its items' workspace under it). The lock is taken only if it is free: the inbox read that runs
 * a sweep must not wait behind a long write (an import, a directory's deletion); a busy store is
 * swept the next time, and one deleted since the sweep looked has nothing to sweep.
 */
function underStoreLock(db: Db, storeId: string, write: (tx: SqlClient) => Promise<number>): Promise<number> {
  return db.sqlTransaction(async (tx) => {
    const [free] = await tx.$queryRaw<{ id: string }[]>`SELECT d.id FROM memory_stores d WHERE d.id = ${storeId} ${db.dialect.skipLocked}`;
    return free ? write(tx) : 0;
  });
}

/**
 * Memories unchanged for longer than a `review_after_days` rule allows (counting from their
 * last write or a reviewer's last decision on them, whichever is later) get a `stale` item in
 * the review inbox: settled at their current version, so approving it keeps the memory and
 * restarts the clock, and deleting it is the reviewer's act. Nothing is ever deleted here.
 * A memory matching several rules follows the last one listed.
 */
export async function sweepStaleMemories(db: Db, storeId: string, now = new Date()): Promise<number> {
  const loaded = await loadStorePolicy(db.sql, storeId);
  const rules = loaded?.policy.reviewAfterDays ?? [];
  if (rules.length === 0) return 0;
  const shortest = Math.min(...rules.map((r) => r.days));
  // Candidates under the shortest rule (a memory's clock is never older than its last write).
  const candidates = await db.sql.$queryRaw<{ id: string; path: string; updated_at: Date | string; decided_at: Date | string | null }[]>`
    SELECT m.id, m.path, m.updated_at,
      (SELECT MAX(d.created_at) FROM review_decisions d WHERE d.store_id = m.store_id AND d.memory_id = m.id) AS decided_at
    FROM memories m
    WHERE m.store_id = ${storeId} AND m.updated_at < ${new Date(now.getTime() - shortest * DAY_MS)}
      AND NOT EXISTS (SELECT 1 FROM review_items r WHERE r.memory_id = m.id)
    ORDER BY m.updated_at LIMIT ${STALE_PER_SWEEP * 4}`;
  const stale = candidates.filter((m) => {
    const rule = ruleFor(rules, m.path);
    if (rule === null) return false;
    const clock = Math.max(new Date(m.updated_at).getTime(), m.decided_at === null ? 0 : new Date(m.decided_at).getTime());
    return clock < now.getTime() - rule.days * DAY_MS;
  });
  const chosen = stale.slice(0, STALE_PER_SWEEP).map((m) => m.id);
  if (chosen.length === 0) return 0;
  await letOthersRun();
  return underStoreLock(db, storeId, (tx) => {
    // A write or a keep that landed since the read above wins: the memory is left for the next sweep.
    return tx.$executeRaw`
      INSERT INTO review_items (memory_id, store_id, workspace_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
        last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at)
      SELECT m.id, m.store_id, s.workspace_id, m.memory_version_id, m.path, m.memory_version_id, v.operation, m.path, 'stale', 0,
        COALESCE(v.created_by_type, 'user_actor'), COALESCE(v.created_by_id, ''), v.api_key_id, ${now}, ${now}
      FROM memories m JOIN memory_versions v ON v.id = m.memory_version_id JOIN memory_stores s ON s.id = m.store_id
      WHERE m.id IN (${join(chosen)}) AND m.updated_at < ${now}
        AND NOT EXISTS (SELECT 1 FROM review_decisions d WHERE d.store_id = m.store_id AND d.memory_id = m.id AND d.created_at >= ${now})
      ON CONFLICT (memory_id) DO NOTHING`;
  });
}

/** Who an unread memory's deletion is written by: the store's write policy, as a service account the history names. */
export const WRITE_POLICY_ACTOR = { type: "service_account_actor", service_account_id: "write_policy" } as const;

/** A memory past its `unread_after_days` rule: what a sweep would do to it. */
export interface UnreadMemory {
  id: string;
  path: string;
  contentSha256: string;
  /** When an agent last read it; null: never. */
  lastReadAt: Date | null;
  days: number;
}

/**
 * Memories no agent has read for longer than an `unread_after_days` rule allows, counting from
 * the latest of their last agent read, their last write and a reviewer's last decision on them
 * (a memory just written or kept is not unread), and not already in the inbox; at most
 * STALE_PER_SWEEP, the longest unread first. What the next sweep acts on, and the policy dry run lists.
 */
export async function findUnreadMemories(db: Db, storeId: string, rules: readonly ExpiryRule[], now = new Date()): Promise<UnreadMemory[]> {
  if (rules.length === 0) return [];
  const cutoff = new Date(now.getTime() - Math.min(...rules.map((r) => r.days)) * DAY_MS);
  const candidates = await db.sql.$queryRaw<
    { id: string; path: string; content_sha256: string; updated_at: Date | string; last_read_at: Date | string | null; decided_at: Date | string | null }[]
  >`
    SELECT m.id, m.path, m.content_sha256, m.updated_at, m.last_read_at,
      (SELECT MAX(d.created_at) FROM review_decisions d WHERE d.store_id = m.store_id AND d.memory_id = m.id) AS decided_at
    FROM memories m
    WHERE m.store_id = ${storeId} AND m.updated_at < ${cutoff} AND (m.last_read_at IS NULL OR m.last_read_at < ${cutoff})
      AND NOT EXISTS (SELECT 1 FROM review_items r WHERE r.memory_id = m.id)
    ORDER BY m.updated_at LIMIT ${STALE_PER_SWEEP * 4}`;
  const time = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());
  return candidates
    .flatMap((m) => {
      const rule = ruleFor(rules, m.path);
      const clock = Math.max(time(m.updated_at), time(m.last_read_at), time(m.decided_at));
      return rule !== null && clock < now.getTime() - rule.days * DAY_MS
        ? [
            {
              id: m.id,
              path: m.path,
              contentSha256: m.content_sha256,
              lastReadAt: m.last_read_at === null ? null : new Date(m.last_read_at),
              days: rule.days,
              clock,
            },
          ]
        : [];
    })
    .sort((a, b) => a.clock - b.clock)
    .slice(0, STALE_PER_SWEEP)
    .map(({ clock: _clock, ...memory }) => memory);
}

/**
 * Memories past an `unread_after_days` rule get a stale review item, "unread for N days"
 * (settled at their head: approving keeps the memory and restarts the clock), or with
 * `unread_action: "delete"` are deleted, each a version written by the write policy, so history
 * shows it and time travel can put it back. A memory written since the look is left (its
 * content's hash is the deletion's precondition); one the policy may not delete (a protected
 * path) is left too.
 */
export async function sweepUnreadMemories(db: Db, storeId: string, now = new Date()): Promise<number> {
  const loaded = await loadStorePolicy(db.sql, storeId);
  const policy = loaded?.policy;
  if (!policy || policy.unreadAfterDays.length === 0) return 0;
  const unread = await findUnreadMemories(db, storeId, policy.unreadAfterDays, now);
  if (unread.length === 0) return 0;
  await letOthersRun();
  if (policy.unreadAction === "delete") {
    let deleted = 0;
    for (const memory of unread) {
      try {
        await deleteMemory(db, { storeId, memoryId: memory.id, expectedContentSha256: memory.contentSha256, actor: WRITE_POLICY_ACTOR });
        deleted++;
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error; // changed, gone or protected since: left for a person
      }
      await letOthersRun();
    }
    return deleted;
  }
  let opened = 0;
  for (const days of new Set(unread.map((m) => m.days))) {
    const ids = unread.filter((m) => m.days === days).map((m) => m.id);
    opened += await underStoreLock(db, storeId, (tx) => {
      return tx.$executeRaw`
        INSERT INTO review_items (memory_id, store_id, workspace_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
          last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at, stale_reason)
        SELECT m.id, m.store_id, s.workspace_id, m.memory_version_id, m.path, m.memory_version_id, v.operation, m.path, 'stale', 0,
          COALESCE(v.created_by_type, 'user_actor'), COALESCE(v.created_by_id, ''), v.api_key_id, ${now}, ${now}, ${`unread for ${days} days`}
        FROM memories m JOIN memory_versions v ON v.id = m.memory_version_id JOIN memory_stores s ON s.id = m.store_id
        WHERE m.id IN (${join(ids)}) AND m.updated_at < ${now}
        ON CONFLICT (memory_id) DO NOTHING`;
    });
  }
  return opened;
}

/** The rule that decides a path: the last one listed that matches it (so a later, narrower rule overrides a general one). */
function ruleFor(rules: readonly ExpiryRule[], path: string): ExpiryRule | null {
  for (let i = rules.length - 1; i >= 0; i--) if (matchesGlob(rules[i]!.path, path)) return rules[i]!;
  return null;
}

/** Every store whose policy in force has expiry rules, swept in turn (the periodic job and the inbox call this). */
export async function sweepAllStaleMemories(db: Db, now = new Date()): Promise<number> {
  const stores = await db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_stores WHERE archived_at IS NULL`;
  let swept = 0;
  for (const store of stores) {
    swept += await sweepStaleMemories(db, store.id, now);
    // With reads not recorded (the benchmark's READ_TRACKING=off), every memory would look unread.
    if (!db.sql.readTrackingOff) swept += await sweepUnreadMemories(db, store.id, now);
    await letOthersRun();
  }
  return swept;
}

/** How often the inbox may trigger a sweep, per process: reading the inbox must not turn every poll into writes. */
const SWEEP_EVERY_MS = 15_000;
const SWEPT = Symbol.for("memory-console.stale-swept-at");
const holder = globalThis as { [SWEPT]?: number };

export async function sweepStaleIfDue(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (holder[SWEPT] ?? 0) < SWEEP_EVERY_MS) return;
  holder[SWEPT] = now;
  await sweepAllStaleMemories(db, new Date(now));
}
