import { memoryWire, storeWire, versionWire } from "../http/serialize.ts";
import type { MemoryVersionWire } from "../http/wire-schemas.ts";
import type { MemoryRecord, MemoryVersion } from "../memory/db.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";

/**
 * JSON Lines with history: one `memory_store` line, then the live memories, then every version
 * oldest first. Each line is the API's own wire object (plus `imported_from` on versions), so
 * a reader of the API reads an export. Redacted versions carry no content or path: they stay redacted.
 */
export const storeLine = (store: StoreRecord) => JSON.stringify(storeWire({ ...store })) + "\n";
export const memoryLine = (memory: MemoryRecord) => JSON.stringify(memoryWire(memory, true)) + "\n";
export function versionLine(version: MemoryVersion): string {
  const line: MemoryVersionWire & { imported_from?: string | null } = versionWire(version, true);
  line.imported_from = version.importedFrom;
  return JSON.stringify(line) + "\n";
}
