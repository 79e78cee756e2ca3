import type { Db, SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import { lockStore } from "../stores/lock-store.ts";
import { GENESIS, linkHash, recordHash } from "./chain-record.ts";
import { chainRecordOf, type ChainedVersionRow } from "./version-chain-rows.ts";
import { awaitsBackfill, readStoreHead, writeStoreHead } from "./store-head.ts";

/** Rows hashed per statement page. */
const PAGE = 500;

/**
 * History written before migration 0016: the migration numbered each store's versions in write
 * order; this hashes them, oldest first, and sets the store's head. It runs under the store's
 * lock, on the store's next write (the write path) or verification, once: afterwards the head
 * has a hash. The chain then vouches for that history from the moment it was hashed on.
 */
export async function backfillStoreChain(tx: SqlClient, storeId: string): Promise<void> {
  const head = await readStoreHead(tx, storeId);
  if (!head || !awaitsBackfill(head)) return;
  let prev = GENESIS;
  let seq = 0;
  for (;;) {
    const rows = await tx.$queryRaw<ChainedVersionRow[]>`
      SELECT id, memory_id, operation, path, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at, chain_seq
      FROM memory_versions WHERE store_id = ${storeId} AND chain_seq > ${seq} AND chain_hash IS NULL ORDER BY chain_seq LIMIT ${PAGE}`;
    for (const row of rows) {
      seq = Number(row.chain_seq);
      const record = recordHash(chainRecordOf(row));
      const chain = linkHash(prev, record);
      await tx.$executeRaw`UPDATE memory_versions SET record_hash = ${record}, prev_chain_hash = ${prev}, chain_hash = ${chain} WHERE id = ${row.id}`;
      prev = chain;
    }
    if (rows.length < PAGE) break;
  }
  await writeStoreHead(tx, storeId, { seq, hash: prev });
}

/** Every store still waiting for its backfill, each in its own locked transaction (verification and retention call this first). */
export async function backfillPendingChains(db: Db): Promise<void> {
  const stores = await db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_stores WHERE chain_head_seq > 0 AND chain_head_hash IS NULL`;
  for (const { id } of stores) {
    await db.sqlTransaction(async (tx) => {
      await lockStore(tx, id);
      await backfillStoreChain(tx, id);
    });
    await letOthersRun();
  }
}
