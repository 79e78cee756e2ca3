import { ARCHIVE_MEMORY_FOLDER, MANIFEST_FORMAT, MANIFEST_NAME } from "../export/formats.ts";
import type { Manifest } from "../export/manifest.ts";
import type { ImportFile } from "../memory/import/plan-import.ts";
import { memoryPathOf, type ArchiveEntry } from "./entry-names.ts";
import { readTarGz } from "./read-tar.ts";
import { readZip } from "./read-zip.ts";

export const ARCHIVE_FORMATS = ["zip", "tar.gz"] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];

export interface ArchiveContents {
  files: ImportFile[];
  /** The store an export came from, when the archive is one of ours (its manifest.json). */
  store: Manifest["store"] | null;
}

/**
 * The files of an uploaded archive as memories. An archive exported from here has a root
 * manifest.json and its memories under `memories/`; any other archive (a zipped notes folder)
 * maps each file to the memory at its path in the archive.
 */
export async function archiveFiles(format: ArchiveFormat, data: Uint8Array): Promise<ArchiveContents> {
  const entries = format === "zip" ? await readZip(data) : await readTarGz(data);
  const manifest = exportManifest(entries);
  const prefix = ARCHIVE_MEMORY_FOLDER + "/";
  const files: ImportFile[] = [];
  for (const entry of entries) {
    const path = memoryPathOf(entry.name);
    if (manifest) {
      if (entry.name === MANIFEST_NAME) continue;
      if (!entry.name.startsWith(prefix)) continue;
      files.push({ path: path.slice(prefix.length), data: entry.data });
    } else {
      files.push({ path, data: entry.data });
    }
  }
  return { files, store: manifest?.store ?? null };
}

function exportManifest(entries: ArchiveEntry[]): Manifest | null {
  const entry = entries.find((e) => e.name === MANIFEST_NAME);
  if (!entry) return null;
  try {
    const parsed = JSON.parse(Buffer.from(entry.data).toString("utf8")) as Manifest;
    return parsed.format === MANIFEST_FORMAT ? parsed : null;
  } catch {
    return null;
  }
}
