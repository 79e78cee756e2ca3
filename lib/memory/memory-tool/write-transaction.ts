import type { SqlClient } from "../db.ts";
import { assertNotArchived, lockStoreAnd, type LockedStore } from "../stores/lock-store.ts";
import type { ToolContext } from "./commands.ts";
import { fail } from "./tool-failure.ts";

/** Directory deletes and renames touch every memory below; give them more time than one edit. */
export const DIRECTORY_TIMEOUT_MS = 120_000;

/**
 * Every write command runs here: refused without write permission, then one transaction that
 * takes the store lock first (invariant 4) and refuses an archived store. A refusal changes
 * nothing; so does any failure later in `fn`, which rolls the whole command back.
 */
export async function writeTransaction<T>(
  ctx: ToolContext,
  command: string,
  fn: (tx: SqlClient, store: LockedStore) => Promise<T>,
  options?: { timeoutMs?: number },
): Promise<T> {
  return writeTransactionReading(
    ctx,
    command,
    () => Promise.resolve(null),
    (tx, store) => fn(tx, store),
    options,
  );
}

/**
 * writeTransaction whose command first reads what it edits: the read is asked right behind the
 * lock (lockStoreAnd: one round trip on PostgreSQL) and handed to `fn`, which awaits it once
 * the store has been found writable.
 */
export async function writeTransactionReading<R, T>(
  ctx: ToolContext,
  command: string,
  read: (tx: SqlClient, storeId: string) => Promise<R>,
  fn: (tx: SqlClient, store: LockedStore, read: Promise<R>) => Promise<T>,
  options?: { timeoutMs?: number },
): Promise<T> {
  if (!ctx.canWrite) {
    fail(`Permission denied: these credentials may only read memory store ${ctx.storeId}, so ${command} is not allowed`);
  }
  return ctx.db.sqlTransaction(async (tx) => {
    const locked = await lockStoreAnd(tx, ctx.storeId, () => read(tx, ctx.storeId));
    // The memory tool is how agents write; an archived store is frozen for them, deletes included.
    assertNotArchived(locked.store, "changing its memories through the memory tool");
    return fn(tx, locked.store, locked.read);
  }, options);
}
