import { empty, sql, type Sql, type SqlClient } from "../db.ts";
import { writeLater } from "../write-later.ts";
import { lockedRow } from "../stores/lock-store.ts";
import { GENESIS } from "./chain-record.ts";

/** A store's chain head as memory_stores holds it; hash null with seq > 0: history from before migration 0016, not yet hashed. */
export interface StoreHead {
  seq: number;
  hash: string | null;
}

/** The head as this transaction's store lock read it (and writeStoreHead kept it), else read now. */
export async function readStoreHead(tx: SqlClient, storeId: string): Promise<StoreHead | null> {
  const locked = lockedRow(tx, storeId);
  if (locked) return { ...locked.chainHead };
  const [row] = await tx.$queryRaw<{ chain_head_seq: number | bigint; chain_head_hash: string | null }[]>`
    SELECT chain_head_seq, chain_head_hash FROM memory_stores WHERE id = ${storeId}`;
  return row ? { seq: Number(row.chain_head_seq), hash: row.chain_head_hash } : null;
}

/** The hash a store's next version links to (a store with no history links to genesis). */
export const headHash = (head: StoreHead): string => head.hash ?? GENESIS;

/**
 * Moves the head, with `alsoSet` (more `column = value` assignments) in the same statement: a
 * write updates its store's row once (lib/memory/memories/mutations.ts).
 */
export async function writeStoreHead(tx: SqlClient, storeId: string, head: { seq: number; hash: string }, alsoSet: Sql = empty): Promise<void> {
  await writeLater(tx, sql`UPDATE memory_stores SET chain_head_seq = ${head.seq}, chain_head_hash = ${head.hash}${alsoSet} WHERE id = ${storeId}`);
  const locked = lockedRow(tx, storeId);
  if (locked) locked.chainHead = { seq: head.seq, hash: head.hash };
}

export const awaitsBackfill = (head: StoreHead): boolean => head.seq > 0 && head.hash === null;
