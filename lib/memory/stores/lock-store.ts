import type { SqlClient } from "../db.ts";
import { conflict, storeNotFound } from "../errors.ts";

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
  const rows = await tx.$queryRaw<{ id: string; archived_at: unknown; memory_count: number | bigint }[]>`
    UPDATE memory_stores SET memory_count = memory_count WHERE id = ${storeId}
    RETURNING id, archived_at, memory_count`;
  tx.storeLockWaited?.((performance.now() - started) / 1000);
  const row = rows[0];
  if (!row) throw storeNotFound(storeId);
  return { id: row.id, archived: row.archived_at != null, memoryCount: Number(row.memory_count) };
}

/** Archived stores refuse memory creates and updates and store updates (reads, deletes and redactions still work). */
export function assertNotArchived(store: LockedStore, action: string) {
  if (store.archived) throw conflict(`Memory store ${store.id} is archived, so ${action} is not allowed. Archiving cannot be undone.`);
}
