import type { MemoryRecord } from "../memory/db.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";
import type { Omission } from "./exportable.ts";
import { MANIFEST_FORMAT } from "./formats.ts";

export interface ManifestFile {
  path: string;
  memory_id: string;
  content_sha256: string;
  content_size_bytes: number;
  updated_at: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  store: { id: string; name: string; description: string; metadata: Record<string, string> };
  exported_at: string;
  files: ManifestFile[];
  /** Memories left out because an import would refuse them (lib/export/exportable.ts), with why. */
  omitted: Omission[];
}

export const manifestFile = (memory: MemoryRecord): ManifestFile => ({
  path: memory.path,
  memory_id: memory.id,
  content_sha256: memory.contentSha256,
  content_size_bytes: memory.contentSizeBytes,
  updated_at: memory.updatedAt.toISOString(),
});

/** The manifest is the archive's last entry; its file list is bounded by the 10,000-memory limit. */
export function manifestOf(store: StoreRecord, files: ManifestFile[], omitted: Omission[]): Manifest {
  return {
    format: MANIFEST_FORMAT,
    store: { id: store.id, name: store.name, description: store.description, metadata: JSON.parse(store.metadata) as Record<string, string> },
    exported_at: new Date().toISOString(),
    files,
    omitted,
  };
}
