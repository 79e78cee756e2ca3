import { actorFromColumns } from "../memory/actor.ts";
import type { ListedMemory, MemoryListItem } from "../memory/memories/list-memories.ts";
import type { WrittenMemory } from "../memory/memories/mutations.ts";
import type { Finding } from "../memory/policies/findings.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";
import type { VersionRecord } from "../memory/versions/get-version.ts";
import type { VersionOperation } from "../memory/versions/operations.ts";
import type { VersionRow } from "../memory/versions/version-rows.ts";
import type { ImportedVersionWire, MemoryPrefixWire, MemoryStoreWire, MemoryVersionWire, MemoryWire } from "./wire-schemas.ts";

/** Domain records as the wire objects of the Memory Stores API, typed by their schemas in wire-schemas.ts. */
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export function storeWire(store: StoreRecord): MemoryStoreWire {
  return {
    type: "memory_store" as const,
    id: store.id,
    name: store.name,
    description: store.description,
    metadata: JSON.parse(store.metadata) as Record<string, string>,
    created_at: iso(store.createdAt),
    updated_at: iso(store.updatedAt),
    archived_at: isoOrNull(store.archivedAt),
    // Extension: live memories in the store (the console's store list shows it).
    memory_count: store.memoryCount,
    // Extension: the bytes of its live memories (the stores page's Size).
    content_bytes: store.contentBytes,
    // Extension: when a memory of the store was last written (the console's "Updated").
    last_memory_write_at: isoOrNull(store.lastMemoryWriteAt),
  };
}

export function memoryWire(memory: ListedMemory, withContent: boolean): MemoryWire {
  return {
    type: "memory" as const,
    id: memory.id,
    memory_store_id: memory.storeId,
    path: memory.path,
    content: withContent && "content" in memory ? memory.content : null,
    content_sha256: memory.contentSha256,
    content_size_bytes: memory.contentSizeBytes,
    memory_version_id: memory.memoryVersionId,
    created_at: iso(memory.createdAt),
    updated_at: iso(memory.updatedAt),
    // Extension: when an agent last read it (lib/memory/reads); null until one has.
    last_read_at: isoOrNull(memory.lastReadAt),
  };
}

/** A write policy finding on the wire: class, rule, description and line, never the matched text. */
export const findingWire = (f: Finding) => ({ class: f.class, rule: f.rule, description: f.description, line: f.line });

/**
 * The answer to a create or update: the memory, and when the store's write policy held the write
 * for review, what its detectors found (the `write_policy_findings` extension, left out when
 * nothing held it, so the answer is the hosted API's). The console says so where the person saved.
 */
export function writtenMemoryWire(memory: WrittenMemory, withContent: boolean): MemoryWire {
  const wire = memoryWire(memory, withContent);
  return memory.heldFor.length > 0 ? { ...wire, write_policy_findings: memory.heldFor.map(findingWire) } : wire;
}

export function listItemWire(item: MemoryListItem, withContent: boolean): MemoryWire | MemoryPrefixWire {
  return item.kind === "prefix" ? { type: "memory_prefix" as const, path: item.path } : memoryWire(item.memory, withContent);
}

export function versionWire(version: VersionRecord | Omit<VersionRecord, "content">, withContent: boolean): MemoryVersionWire {
  return {
    type: "memory_version" as const,
    id: version.id,
    memory_store_id: version.storeId,
    memory_id: version.memoryId,
    operation: version.operation as VersionOperation,
    path: version.path,
    content: withContent && "content" in version ? version.content : null,
    content_sha256: version.contentSha256,
    content_size_bytes: version.contentSizeBytes,
    created_at: iso(version.createdAt),
    created_by: actorFromColumns(version.createdByType, version.createdById),
    redacted_at: isoOrNull(version.redactedAt),
    redacted_by: actorFromColumns(version.redactedByType, version.redactedById),
    imported: importedWire(version.imported),
  };
}

/** The `imported` extension of a version: stored as the API shows it (lib/memory/memories/import-mark.ts), null unless an import wrote it. */
const importedWire = (stored: string | null) => (stored === null ? null : (JSON.parse(stored) as ImportedVersionWire));

/**
 * versionWire straight from a row, for the export: there a record per version (two Dates parsed,
 * then formatted again) cost as much as the version's JSON. The same object field by field;
 * test/api/import-export.test.ts compares an export's lines with the API's versions.
 */
export function versionWireOfRow(row: VersionRow, withContent: boolean): MemoryVersionWire {
  return {
    type: "memory_version" as const,
    id: row.id,
    memory_store_id: row.store_id,
    memory_id: row.memory_id,
    operation: row.operation as VersionOperation,
    path: row.path,
    content: withContent ? (row.content ?? null) : null,
    content_sha256: row.content_sha256,
    content_size_bytes: row.content_size_bytes === null ? null : Number(row.content_size_bytes),
    created_at: isoOfColumn(row.created_at),
    created_by: actorFromColumns(row.created_by_type, row.created_by_id),
    redacted_at: row.redacted_at === null ? null : isoOfColumn(row.redacted_at),
    redacted_by: actorFromColumns(row.redacted_by_type, row.redacted_by_id),
    imported: importedWire(row.imported),
  };
}

/**
 * A timestamp column as the API writes it (toISOString's form). The drivers hand timestamps
 * back as RFC 3339 text, and the usual exact form ("2026-11-30T23:35:52.191+00:00": how
 * timestamps are written on SQLite, and how the pg adapter returns a TIMESTAMP(3) with three
 * digits of milliseconds) is rewritten without a Date; any other goes through one.
 */
export function isoOfColumn(value: Date | string): string {
  if (typeof value === "string" && value.length === 29 && value[10] === "T" && value[19] === "." && value.endsWith("+00:00")) return value.slice(0, 23) + "Z";
  return new Date(value).toISOString();
}

export function page<T>(data: T[], nextPage: string | null) {
  return { data, next_page: nextPage };
}
