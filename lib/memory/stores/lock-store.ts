import type { SqlClient } from "../db.ts";
import { conflict, storeNotFound } from "../errors.ts";
import { DEFAULT_POLICY_KEY } from "../policies/policy-key.ts";

export interface LockedStore {
  id: string;
  archived: boolean;
  memoryCount: number;
}

/**
 * The first statement of every write transaction on a store: it locks the store's row until
 * the transaction ends, so writes to one store are serialised by the database itself. On
 * PostgreSQL this is a row lock (like SELECT … FOR UPDATE) that other app instances wait on;
 * on SQLite a write statement takes the database's write lock before anything is read, so a
 * transaction never has to upgrade a read snapshot (which SQLite would refuse as busy).
 */
export async function lockStore(tx: SqlClient, storeId: string): Promise<LockedStore> {
  const started = performance.now();
  const rows = await tx.$queryRaw<LockRow[]>`
    UPDATE memory_stores SET memory_count = memory_count WHERE id = ${storeId}
    RETURNING id, archived_at, memory_count, chain_head_seq, chain_head_hash, write_policy,
      (SELECT w.write_policy FROM workspaces w WHERE w.id = memory_stores.workspace_id) AS workspace_policy,
      (SELECT value FROM app_settings WHERE key = ${DEFAULT_POLICY_KEY}) AS default_policy`;
  tx.storeLockWaited?.((performance.now() - started) / 1000);
  const row = rows[0];
  if (!row) throw storeNotFound(storeId);
  const store = { id: row.id, archived: row.archived_at != null, memoryCount: Number(row.memory_count) };
  remember(tx, storeId, {
    chainHead: { seq: Number(row.chain_head_seq), hash: row.chain_head_hash },
    policies: { write_policy: row.write_policy, workspace_policy: row.workspace_policy, default_policy: row.default_policy, memory_count: row.memory_count },
  });
  return store;
}

/**
 * lockStore, with `read` asked right behind the lock: the database runs a transaction's
 * statements in order, each (READ COMMITTED) on a snapshot taken when it starts, so the read
 * sees the store as the lock holds it, exactly as if it had been asked after the lock answered;
 * on PostgreSQL the two travel in one round trip (pipelined, lib/db/sql.ts). The read's outcome
 * is the caller's to await once it has looked at the store (so a missing or archived store is
 * still said first).
 */
export async function lockStoreAnd<T>(tx: SqlClient, storeId: string, read: () => Promise<T>): Promise<{ store: LockedStore; read: Promise<T> }> {
  const locking = lockStore(tx, storeId);
  const after = read();
  after.catch(() => {}); // its error is thrown where the caller awaits it
  return { store: await locking, read: after };
}

type LockRow = {
  id: string;
  archived_at: unknown;
  memory_count: number | bigint;
  chain_head_seq: number | bigint;
  chain_head_hash: string | null;
} & PolicyColumns;

/** The store row's columns a write's policy is resolved from (lib/memory/policies/load-policy.ts). */
export type PolicyColumns = {
  write_policy: string | null;
  workspace_policy: string | null;
  default_policy: string | null;
  memory_count: number | bigint;
};

/**
 * What the lock's statement read of the store, for the rest of this transaction: the history
 * chain's head and what its write policy is resolved from. The lock is held until the
 * transaction ends, so no other writer changes the row meanwhile; what this transaction itself
 * changes is kept up to date (the head by writeStoreHead) or dropped (the policy columns, by
 * forgetStorePolicy, when the count or the policy changes). One entry per transaction client:
 * a transaction's client is made for it and never reused (lib/db/sql.ts).
 */
interface LockedRow {
  chainHead: { seq: number; hash: string | null };
  policies: PolicyColumns | null;
}

const locked = new WeakMap<SqlClient, Map<string, LockedRow>>();

function remember(tx: SqlClient, storeId: string, row: LockedRow) {
  let stores = locked.get(tx);
  if (!stores) locked.set(tx, (stores = new Map()));
  stores.set(storeId, row);
}

/** The store's row as this transaction's lock read it and kept it since, if it locked the store. */
export const lockedRow = (tx: SqlClient, storeId: string): LockedRow | undefined => locked.get(tx)?.get(storeId);

/** This transaction changed the store's count or policy: the policy columns are read again when next asked for. */
export function forgetStorePolicy(tx: SqlClient, storeId: string) {
  const row = lockedRow(tx, storeId);
  if (row) row.policies = null;
}

/** Archived stores refuse memory creates and updates and store updates (reads, deletes and redactions still work). */
export function assertNotArchived(store: LockedStore, action: string) {
  if (store.archived) throw conflict(`Memory store ${store.id} is archived, so ${action} is not allowed. Archiving cannot be undone.`);
}
