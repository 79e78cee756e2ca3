import type { Sql, SqlClient } from "../db.ts";
import { storeNotFound } from "../errors.ts";
import { backfillStoreChain } from "./backfill-chain.ts";
import { chainOnto, type ChainFields, type ChainRecord } from "./chain-record.ts";
import { awaitsBackfill, headHash, readStoreHead, writeStoreHead } from "./store-head.ts";

/** A version written with HISTORY_CHAIN=off (the benchmark's switch): no chain fields. */
const UNCHAINED = { seq: null, recordHash: null, prevHash: null, chainHash: null } as const;
export type VersionChainFields = ChainFields | typeof UNCHAINED;

/**
 * The chain fields of versions about to be written to a store, in order, and the store's new
 * head, in the caller's transaction (the write path, lib/memory/memories/mutations.ts, which
 * holds the store's lock: a store's chain is extended by one writer at a time). `alsoSet` is
 * written with the head, in its statement; `storeRowWritten` says whether it was (not with
 * HISTORY_CHAIN=off, nor for no records: the caller writes it then).
 */
export async function appendToChain(
  tx: SqlClient,
  storeId: string,
  records: readonly Omit<ChainRecord, "seq">[],
  alsoSet?: Sql,
): Promise<{ fields: VersionChainFields[]; storeRowWritten: boolean }> {
  if (tx.historyChainOff) return { fields: records.map(() => UNCHAINED), storeRowWritten: false };
  let head = await readStoreHead(tx, storeId);
  if (!head) throw storeNotFound(storeId);
  if (awaitsBackfill(head)) {
    await backfillStoreChain(tx, storeId);
    head = (await readStoreHead(tx, storeId))!;
  }
  const fields = chainOnto({ seq: head.seq, hash: headHash(head) }, records);
  const last = fields[fields.length - 1];
  if (last) await writeStoreHead(tx, storeId, { seq: last.seq, hash: last.chainHash }, alsoSet);
  return { fields, storeRowWritten: last !== undefined };
}
