import { memoryWire, storeWire, versionWireOfRow } from "../http/serialize.ts";
import type { MemoryVersionWire } from "../http/wire-schemas.ts";
import type { MemoryRecord } from "../memory/db.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";
import type { VersionRow } from "../memory/versions/version-rows.ts";

/**
 * JSON Lines with history: one `memory_store` line, then the live memories, then every version
 * oldest first. Each line is the API's own wire object (plus `imported_from` on versions), so
 * a reader of the API reads an export. Redacted versions carry no content or path: they stay redacted.
 * Versions an import wrote say so (`imported`); a re-import reads only `created_by` as the file's claim.
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
