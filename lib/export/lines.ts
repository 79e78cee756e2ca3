import { memoryWire, storeWire, versionWireOfRow } from "../http/serialize.ts";
import type { MemoryVersionWire } from "../http/wire-schemas.ts";
import type { MemoryRecord } from "../memory/db.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";
import type { VersionRow } from "../memory/versions/version-rows.ts";
import type { ChainColumns, ExportedChain } from "../memory/integrity/export-chain.ts";

/**
 * JSON Lines with history: one `memory_store` line, then the live memories, then every version
 * oldest first. Each line is the API's own wire object (plus `imported_from` on versions), so
 * a reader of the API reads an export. Redacted versions carry no content or path: they stay redacted.
 * Versions an import wrote say so (`imported`); a re-import reads only `created_by` as the file's claim.
 * Each version carries its chain fields, and a last `history_chain` line the chain's head, so an
 * import can verify the history it reads (lib/memory/integrity/verify-carried-chain.ts).
 */
export const storeLine = (store: StoreRecord) => JSON.stringify(storeWire({ ...store })) + "\n";
export const memoryLine = (memory: MemoryRecord) => JSON.stringify(memoryWire(memory, true)) + "\n";
/**
 * A memory the export left out because an import would refuse it (issue 21: only a store that
 * an older import planted it in can hold one), with why; the import skips these lines.
 */
export const OMISSION_LINE = "export_omission";
export const omissionLine = (memoryId: string, problem: string) => JSON.stringify({ type: OMISSION_LINE, memory_id: memoryId, problem }) + "\n";

export function versionLine(row: VersionRow): string {
  const line: MemoryVersionWire & { imported_from?: string | null } = versionWireOfRow(row, true);
  line.imported_from = row.imported_from;
  return JSON.stringify(line) + "\n";
}

/**
 * After each version's line, its place and hashes in the store's history chain
 * (lib/memory/integrity), on a line of their own so the version's line stays the API's object.
 */
export const VERSION_CHAIN_LINE = "version_chain";
export const versionChainLine = (row: { id: string } & ChainColumns) =>
  JSON.stringify({
    type: VERSION_CHAIN_LINE,
    memory_version_id: row.id,
    chain_seq: row.chain_seq === null ? null : Number(row.chain_seq),
    record_hash: row.record_hash,
    prev_chain_hash: row.prev_chain_hash,
    chain_hash: row.chain_hash,
  }) + "\n";

/** The last line of an export with history: the chain's head and checkpoint, signed when a key is configured. */
export const chainLine = (chain: ExportedChain) => JSON.stringify(chain) + "\n";
