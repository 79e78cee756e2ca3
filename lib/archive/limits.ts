/**
 * Bounds on what an uploaded archive may unpack to. An archive past any of them is refused
 * whole, before anything is written: a zip bomb stops at the first entry or the total that
 * crosses the line, without ever holding more than that in memory.
 */
export const ARCHIVE_LIMITS = {
  /** Entries of any kind (files, folders): a store holds 10,000 memories, plus room for folders. */
  entries: 20_000,
  /** One file unpacked; past 100 kB it is listed as too large, past this the archive is refused. */
  entryBytes: 1024 * 1024,
  /** Everything unpacked: 10,000 memories of 100 kB would be ~1 GB, far past any real notes folder. */
  totalBytes: 256 * 1024 * 1024,
  /** Unpacked size over packed size, for the whole archive (text compresses ~5–10×). */
  ratio: 200,
} as const;

/** An uploaded archive or JSON Lines file (the request body of an import). */
export const IMPORT_UPLOAD_BYTES = 64 * 1024 * 1024;
