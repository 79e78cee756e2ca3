import type { SqlClient } from "../db.ts";
import { chainStatement, type Signer } from "./signing.ts";

/**
 * Retention's mark on a store's chain: the place and chain hash of the latest version it deletes
 * (in chain order), kept on the store and only ever moved forward. Verification allows versions
 * missing up to the checkpoint and requires the version after it to link to its hash, so the
 * chain verifies from there on; with a signer, the checkpoint is signed (chainStatement).
 */
export async function recordCheckpoints(
  tx: SqlClient,
  rows: readonly { store_id: string; chain_seq: number | bigint | null; chain_hash: string | null }[],
  signer: Signer | undefined,
): Promise<void> {
  const cut = new Map<string, { seq: number; hash: string }>();
  for (const row of rows) {
    if (row.chain_seq === null || row.chain_hash === null) continue;
    const seq = Number(row.chain_seq);
    const known = cut.get(row.store_id);
    if (!known || seq > known.seq) cut.set(row.store_id, { seq, hash: row.chain_hash });
  }
  const at = new Date();
  for (const [storeId, { seq, hash }] of cut) {
    const signature = signer ? signer.sign(chainStatement("checkpoint", storeId, seq, hash)) : null;
    await tx.$executeRaw`
      UPDATE memory_stores SET chain_checkpoint_seq = ${seq}, chain_checkpoint_hash = ${hash}, chain_checkpoint_at = ${at}, chain_checkpoint_signature = ${signature}
      WHERE id = ${storeId} AND (chain_checkpoint_seq IS NULL OR chain_checkpoint_seq < ${seq})`;
  }
}
