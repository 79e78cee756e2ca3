import { actorFromColumns } from "../memory/actor.ts";
import type { ListedMemory, MemoryListItem } from "../memory/memories/list-memories.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";
import type { VersionRecord } from "../memory/versions/get-version.ts";
import type { VersionOperation } from "../memory/versions/operations.ts";
import type { MemoryPrefixWire, MemoryStoreWire, MemoryVersionWire, MemoryWire } from "./wire-schemas.ts";

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
  };
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
  };
}

export function page<T>(data: T[], nextPage: string | null) {
  return { data, next_page: nextPage };
}
