import { raw, type Db } from "../db.ts";
import { chainStatement, type Signer } from "./signing.ts";

/** The chain columns an export reads with each version and writes on its line. */
export const CHAIN_COLUMNS = raw("chain_seq, record_hash, prev_chain_hash, chain_hash");
export interface ChainColumns {
  chain_seq: number | bigint | null;
  record_hash: string | null;
  prev_chain_hash: string | null;
  chain_hash: string | null;
}

/** A store's chain as an export carries it: the head when the export began, retention's checkpoint, and a signature on the head. */
export interface ExportedChain {
  type: "history_chain";
  memory_store_id: string;
  head: { chain_seq: number; chain_hash: string | null };
  checkpoint: { chain_seq: number; chain_hash: string; signature: string | null } | null;
  /** base64 Ed25519 signature of `statement`, with INTEGRITY_SIGNING_KEY set; else null. */
  signature: string | null;
  statement: string | null;
  public_key: string | null;
}

export async function exportedChain(db: Db, storeId: string, signer: Signer | undefined): Promise<ExportedChain> {
  const [s] = await db.sql.$queryRaw<
    {
      chain_head_seq: number | bigint;
      chain_head_hash: string | null;
      chain_checkpoint_seq: number | bigint | null;
      chain_checkpoint_hash: string | null;
      chain_checkpoint_signature: string | null;
    }[]
  >`SELECT chain_head_seq, chain_head_hash, chain_checkpoint_seq, chain_checkpoint_hash, chain_checkpoint_signature FROM memory_stores WHERE id = ${storeId}`;
  const seq = Number(s?.chain_head_seq ?? 0);
  const hash = s?.chain_head_hash ?? null;
  const statement = signer && hash ? chainStatement("export", storeId, seq, hash) : null;
  return {
    type: "history_chain",
    memory_store_id: storeId,
    head: { chain_seq: seq, chain_hash: hash },
    checkpoint:
      s?.chain_checkpoint_seq != null && s.chain_checkpoint_hash
        ? { chain_seq: Number(s.chain_checkpoint_seq), chain_hash: s.chain_checkpoint_hash, signature: s.chain_checkpoint_signature }
        : null,
    signature: statement ? signer!.sign(statement) : null,
    statement,
    public_key: signer?.publicKeyPem ?? null,
  };
}
