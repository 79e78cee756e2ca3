/** The export formats, their media types and file name endings; one list for the API, the CLI and the console. */
export const EXPORT_FORMATS = ["jsonl", "tar.gz", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson",
  "tar.gz": "application/gzip",
  zip: "application/zip",
};

/**
 * Inside an archive, memory `/a/b.md` is the file `memories/a/b.md` and the manifest is the
 * root `manifest.json`, so no memory path can collide with the manifest.
 */
export const ARCHIVE_MEMORY_FOLDER = "memories";
export const MANIFEST_NAME = "manifest.json";
export const MANIFEST_FORMAT = "memory-console-export/1";
